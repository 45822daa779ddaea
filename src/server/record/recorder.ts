import { Worker } from "node:worker_threads";
import type { FastifyBaseLogger } from "fastify";
import { Counter, Gauge, type Registry } from "prom-client";
import type { CaptureReport } from "./capture.ts";

// The running site's side of its record: starts the capture worker (record-worker.ts), wakes it
// after each write this instance published, logs each capture with the record's head (so that
// the head leaves the database: docs/records.md), and keeps the figures that /readyz and the
// metrics show. A gap or a failing capture is told, never made a readiness failure: the site
// serves well, and the capture is retried.

/** What the worker is handed. */
export interface RecordJob {
  databaseUrl: string;
  timeoutMs: number;
  /** How often the worker looks for changes still owed a capture. */
  sweepMs: number;
}

/** What the worker tells. */
export type RecordMessage =
  | { type: "captured"; report: CaptureReport }
  | { type: "problem"; message: string }
  | { type: "deploy"; build: string }
  | {
      type: "figures";
      entries: number;
      gaps: number;
      payloads: number;
      bytes: number;
      lastGap: { at: string; revision: number | null; reason: string } | null;
    };

export interface Recorder {
  /** A write was published: capture it (and anything else owed). */
  wake(): void;
  /** A hook's sync began: captures pause between addresses until it ends (sync-hold.ts). */
  hold(): void;
  /** That sync ended. */
  release(): void;
  /** What /readyz's details say of the record, or null when there is nothing to say. */
  problem(): string | null;
  /** Stops the worker: a capture under way ends at its next address and stays owed. */
  stop(graceMs: number): Promise<void>;
}

export function startRecorder(
  job: RecordJob,
  { log, registry }: { log: FastifyBaseLogger; registry: Registry },
): Recorder {
  const registers = [registry];
  let figures: Extract<RecordMessage, { type: "figures" }> | null = null;
  let failing: { since: string; message: string } | null = null;
  new Gauge({
    name: "site_record_gaps",
    help: "Gaps in the site's record: changes, or addresses, that no capture could keep.",
    registers,
    collect() {
      this.set(figures?.gaps ?? 0);
    },
  });
  new Gauge({
    name: "site_record_entries",
    help: "Entries in the site's record (its hash chain's length).",
    registers,
    collect() {
      this.set(figures?.entries ?? 0);
    },
  });
  new Gauge({
    name: "site_record_payload_bytes",
    help: "Bytes of the distinct payloads the site's record holds, as they were sent.",
    registers,
    collect() {
      this.set(figures?.bytes ?? 0);
    },
  });
  const captures = new Counter({
    name: "site_record_captures_total",
    help: "Captures into the site's record by this instance, by outcome: captured, failed.",
    labelNames: ["outcome"] as const,
    registers,
  });

  const worker = new Worker(new URL("./record-worker.ts", import.meta.url), { workerData: job });
  const exited = new Promise<void>((resolve) => worker.once("exit", () => resolve()));
  worker.on("error", (error) => log.error({ err: error }, `record: the capture worker failed`));
  worker.on("message", (message: RecordMessage) => {
    if (message.type === "captured") {
      const { report } = message;
      failing = null;
      captures.inc({ outcome: "captured" });
      log.info(
        { record: report },
        `record: captured revision ${report.revision} (${report.responses} pages and replies, ` +
          `${report.payloads} new payloads, ${Math.round(report.storedBytes / 1024)} kB) in ` +
          `${report.seconds.toFixed(1)} s; head ${report.head.seq} ${report.head.hash}`,
      );
      if (report.gaps > 0)
        log.warn({ record: report }, `record: ${report.gaps} gap(s) recorded with this capture`);
    } else if (message.type === "problem") {
      failing ??= { since: new Date().toISOString(), message: message.message };
      captures.inc({ outcome: "failed" });
      log.error(`record: a capture failed, it is tried again: ${message.message}`);
    } else if (message.type === "deploy") {
      log.info(`record: build ${message.build} is new to the record; capturing every page`);
    } else {
      figures = message;
    }
  });
  return {
    wake: () => worker.postMessage("wake"),
    hold: () => worker.postMessage("hold"),
    release: () => worker.postMessage("release"),
    problem() {
      const parts: string[] = [];
      if (failing) parts.push(`captures failing since ${failing.since}: ${failing.message}`);
      if (figures?.lastGap)
        parts.push(
          `${figures.gaps} gap(s); the last at ${figures.lastGap.at}` +
            (figures.lastGap.revision === null ? "" : ` (revision ${figures.lastGap.revision})`) +
            `: ${figures.lastGap.reason}`,
        );
      return parts.length === 0 ? null : parts.join("; ");
    },
    async stop(graceMs) {
      worker.postMessage("stop");
      const timer = setTimeout(() => void worker.terminate(), graceMs);
      await exited;
      clearTimeout(timer);
    },
  };
}
