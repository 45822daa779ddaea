import { Worker } from "node:worker_threads";
import type { FastifyBaseLogger } from "fastify";
import { Counter, Gauge, type Registry } from "prom-client";
// The sync's worker checks images with sharp. On glibc, the thread that starts workers must have
// loaded sharp first, or its libraries are unloaded under the next worker when one ends.
import "sharp";
import { describeRefusal } from "../images/refusal.ts";
import { formatReport, type SyncReport } from "../sync/report.ts";
import type { OnWritten } from "./publish.ts";
import type { SyncResult } from "./sync-result.ts";
import type { SyncJob } from "./sync-worker.ts";

// The running site syncs from Sitefinity by itself every SYNC_EVERY, so that editors' changes
// arrive without anyone running a command; each sync runs in a worker thread (sync-worker.ts
// says why). Each instance tries; the database's sync lock lets one run at a time across
// instances, and the others skip that turn. A sync that fails changes nothing, is counted and
// logged, and never touches readiness: the site keeps serving the last good content.

/** What a site's schedule of syncs runs, how often, and where it reports. */
export interface SyncScheduleOptions {
  job: SyncJob;
  everyMs: number;
  /**
   * How long a sync in flight may take to end once the site asks it to stop: shorter than the
   * site's own shutdown grace, so that a stopped sync never makes the site exit with a failure.
   */
  stopGraceMs: number;
  log: FastifyBaseLogger;
  registry: Registry;
  /** Told the cache tags of each write (publish.ts: drop, then purge the shared caches). */
  onWritten?: OnWritten;
}

/** Logs each image a sync could not hold, with its address and why (the item landed without it). */
export function logRefusedImages(log: FastifyBaseLogger, report: SyncReport): void {
  for (const refused of report.images?.refused ?? [])
    log.warn({ image: refused.address, reason: refused.reason }, describeRefusal(refused));
}

/** Runs one sync in a worker thread; `stop` asks it to end early. */
export function syncInWorker(
  job: SyncJob,
  stopped: AbortSignal,
  graceMs: number,
): Promise<SyncResult> {
  let worker: Worker;
  try {
    worker = new Worker(new URL("./sync-worker.ts", import.meta.url), { workerData: job });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return Promise.resolve({ ok: false, message: `the sync could not start: ${message}` });
  }
  const onStop = () => {
    worker.postMessage("stop");
    setTimeout(() => void worker.terminate(), graceMs).unref();
  };
  stopped.addEventListener("abort", onStop, { once: true });
  return new Promise<SyncResult>((resolve) => {
    let result: SyncResult = { ok: false, message: "the sync's worker ended without a result" };
    worker.on("message", (message: SyncResult) => (result = message));
    worker.on("error", (error) => (result = { ok: false, message: error.message }));
    worker.on("exit", () => {
      stopped.removeEventListener("abort", onStop);
      resolve(result);
    });
  });
}

/** A running schedule; stop() cancels the sync in flight and waits for it to end. */
export interface SyncSchedule {
  stop(): Promise<void>;
}

function syncMetrics(registry: Registry) {
  const registers = [registry];
  return {
    lastSuccess: new Gauge({
      name: "site_sync_last_success_timestamp_seconds",
      help: "When this instance's last sync from Sitefinity succeeded (Unix time).",
      registers,
    }),
    items: new Counter({
      name: "site_sync_items_total",
      help: "Items the sync added, changed or removed, by set (the service's name) and change.",
      labelNames: ["set", "change"] as const,
      registers,
    }),
    failures: new Counter({
      name: "site_sync_failures_total",
      help: "Syncs from Sitefinity that failed (nothing was changed).",
      registers,
    }),
    runs: new Counter({
      name: "site_sync_runs_total",
      help: "Syncs by outcome: written, unchanged, busy (another instance was syncing), failed.",
      labelNames: ["outcome"] as const,
      registers,
    }),
  };
}

/** Syncs now, then every `everyMs` after each sync ends (so two runs never overlap here). */
export function scheduleSync(options: SyncScheduleOptions): SyncSchedule {
  const metrics = syncMetrics(options.registry);
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();

  const run = async () => {
    const result = await syncInWorker(options.job, controller.signal, options.stopGraceMs);
    // A write the worker finished while the site was stopping is still published.
    if (result.ok && result.report.outcome === "written")
      options.onWritten?.(result.report.tags ?? []);
    if (result.ok) logRefusedImages(options.log, result.report);
    if (controller.signal.aborted) return;
    if (result.ok) {
      const { report } = result;
      metrics.runs.inc({ outcome: report.outcome });
      if (report.outcome === "busy") return;
      metrics.lastSuccess.setToCurrentTime();
      for (const { set, added, changed, removed } of report.sets) {
        metrics.items.inc({ set, change: "added" }, added);
        metrics.items.inc({ set, change: "changed" }, changed);
        metrics.items.inc({ set, change: "removed" }, removed);
      }
      options.log.info({ sync: report.sets }, `sync: ${formatReport(report).slice(-2).join("; ")}`);
      return;
    }
    metrics.failures.inc();
    metrics.runs.inc({ outcome: "failed" });
    options.log.error(
      { problems: result.problems },
      `sync failed, nothing was changed: ${result.message}`,
    );
  };
  const turn = () => {
    running = run().finally(() => {
      if (controller.signal.aborted) return;
      timer = setTimeout(turn, options.everyMs);
      timer.unref();
    });
  };
  turn();
  return {
    async stop() {
      controller.abort();
      clearTimeout(timer);
      await running;
    },
  };
}
