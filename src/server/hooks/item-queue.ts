import { setTimeout as sleep } from "node:timers/promises";
import type { FastifyBaseLogger } from "fastify";
import { Counter, type Registry } from "prom-client";
import type { ItemNotice } from "../../sync/hook-notice.ts";
import type { OnWritten } from "../publish.ts";
import { syncInWorker } from "../sync-schedule.ts";
import type { SyncJob } from "../sync-worker.ts";

// The items service hooks named, synced in the background (the hook was answered at once): one
// sync at a time in this instance, in a worker thread (sync-worker.ts says why), and every hook
// that arrives while one runs waits for the next, so a burst of a hundred hooks makes a few
// writes, not a hundred. After a write, this instance (the one that wrote) purges the shared
// caches of the tags it touched; every instance drops its own kept replies on seeing the new
// revision (content-state.ts).

export interface ItemQueueOptions {
  /** The sync's settings, key and database; the notices are added per run. */
  job: Omit<SyncJob, "notices">;
  stopGraceMs: number;
  log: FastifyBaseLogger;
  registry: Registry;
  /** Told the cache tags of each write (publish.ts: drop, then purge the shared caches). */
  onWritten?: OnWritten;
  /** The pause before trying again while another sync holds the lock. */
  busyRetryMs?: number;
}

export interface ItemQueue {
  add(notice: ItemNotice): void;
  /** Resolves once every notice added so far has been synced (or failed). */
  settled(): Promise<void>;
  /** Stops: a sync under way is asked to end; notices still waiting are left to the full sync. */
  stop(): Promise<void>;
}

export function createItemQueue(options: ItemQueueOptions): ItemQueue {
  const runs = new Counter({
    name: "site_hook_syncs_total",
    help: "Syncs of the items service hooks named, by outcome: written, unchanged, failed.",
    labelNames: ["outcome"] as const,
    registers: [options.registry],
  });
  const controller = new AbortController();
  let waiting = new Map<string, ItemNotice>();
  let draining: Promise<void> = Promise.resolve();
  let isDraining = false;

  const runOnce = async (notices: ItemNotice[]) => {
    const result = await syncInWorker(
      { ...options.job, notices },
      controller.signal,
      options.stopGraceMs,
    );
    if (controller.signal.aborted) return;
    if (!result.ok) {
      runs.inc({ outcome: "failed" });
      options.log.error(
        { problems: result.problems, items: notices.length },
        `hook sync failed, nothing was changed (the next full sync tries again): ${result.message}`,
      );
      return;
    }
    const { report } = result;
    if (report.outcome === "busy") {
      // Another sync (this instance's schedule, or another instance) holds the lock: these
      // notices go first in the next run, with whatever arrived meanwhile.
      for (const notice of notices) waiting.set(keyOf(notice), notice);
      await sleep(options.busyRetryMs ?? 200, undefined, { ref: false });
      return;
    }
    runs.inc({ outcome: report.outcome });
    if (report.outcome === "written" && report.tags) options.onWritten?.(report.tags);
    options.log.info(
      { items: notices.length, revision: report.revision, ms: Math.round(report.seconds * 1000) },
      report.outcome === "written" ? "hook sync: written" : "hook sync: nothing changed",
    );
  };

  const drain = async () => {
    isDraining = true;
    try {
      while (waiting.size > 0 && !controller.signal.aborted) {
        const notices = [...waiting.values()];
        waiting = new Map();
        await runOnce(notices);
      }
    } finally {
      isDraining = false;
    }
  };

  return {
    add(notice) {
      if (controller.signal.aborted) return;
      waiting.set(keyOf(notice), notice);
      if (!isDraining) draining = drain();
    },
    settled: () => draining,
    async stop() {
      controller.abort();
      await draining;
    },
  };
}

const keyOf = (notice: ItemNotice) => `${notice.itemType}\n${notice.id}`;
