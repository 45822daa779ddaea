import { setTimeout as sleep } from "node:timers/promises";
import type { FastifyBaseLogger } from "fastify";
import { Counter, type Registry } from "prom-client";
import type { ItemNotice } from "../../sync/hook-notice.ts";
import type { OnWritten } from "../publish.ts";
import { logRefusedImages, syncInWorker } from "../sync-schedule.ts";
import type { SyncJob, SyncResult } from "../sync-worker.ts";

// The items service hooks named, synced in the background (the hook was answered at once): one
// sync at a time in this instance, in a worker thread (sync-worker.ts says why), and every hook
// that arrives while one runs waits for the next, so a burst of a hundred hooks makes a few
// writes, not a hundred. After a write, this instance (the one that wrote) drops its own kept
// replies and purges the shared caches of the tags it touched (publish.ts).
//
// A run that fails does not lose the others' changes: a refused batch is tried again one item at
// a time, so that one bad item holds up only itself; a failure of the moment (Sitefinity down, an
// import in between) is tried again a few times, with growing pauses. What still fails is left to
// the scheduled full sync.

export interface ItemQueueOptions {
  /** The sync's settings, key and database; the notices are added per run. */
  job: Omit<SyncJob, "notices">;
  stopGraceMs: number;
  log: FastifyBaseLogger;
  registry: Registry;
  /** Told the cache tags of each write (publish.ts: drop, then purge the shared caches). */
  onWritten?: OnWritten;
  /** The first pause before trying again (busy, or a failure of the moment); it doubles. */
  retryMs?: number;
}

export interface ItemQueue {
  add(notice: ItemNotice): void;
  /** Resolves once every notice added so far has been synced (or failed). */
  settled(): Promise<void>;
  /** Stops: a sync under way is asked to end; notices still waiting are left to the full sync. */
  stop(): Promise<void>;
}

/** Notices waiting at most; past it a burst's surplus is left to the full sync (and logged). */
const MAX_WAITING = 10_000;
/** Tries of a notice whose sync failed for a moment. */
const MAX_TRIES = 4;
/** The longest pause between tries. */
const MAX_PAUSE_MS = 5000;

interface Waiting {
  notice: ItemNotice;
  tries: number;
}

export function createItemQueue(options: ItemQueueOptions): ItemQueue {
  const runs = new Counter({
    name: "site_hook_syncs_total",
    help: "Syncs of the items service hooks named, by outcome: written, unchanged, failed.",
    labelNames: ["outcome"] as const,
    registers: [options.registry],
  });
  const controller = new AbortController();
  const firstPause = options.retryMs ?? 200;
  let waiting = new Map<string, Waiting>();
  let draining: Promise<void> = Promise.resolve();
  let isDraining = false;
  let pause = firstPause;

  const wait = (entries: readonly Waiting[]) => {
    for (const entry of entries) {
      const key = keyOf(entry.notice);
      if (waiting.has(key) || waiting.size < MAX_WAITING) waiting.set(key, entry);
    }
  };

  /** Syncs these notices in a worker; a write is published even if the site stops meanwhile. */
  const sync = async (notices: readonly ItemNotice[]): Promise<SyncResult> => {
    const result = await syncInWorker(
      { ...options.job, notices },
      controller.signal,
      options.stopGraceMs,
    );
    if (result.ok && result.report.outcome === "written")
      options.onWritten?.(result.report.tags ?? []);
    if (result.ok) logRefusedImages(options.log, result.report);
    return result;
  };

  const runOnce = async (batch: Waiting[]) => {
    const result = await sync(batch.map((entry) => entry.notice));
    if (result.ok && result.report.outcome !== "busy") {
      pause = firstPause;
      runs.inc({ outcome: result.report.outcome });
      options.log.info(
        { items: batch.length, revision: result.report.revision },
        result.report.outcome === "written" ? "hook sync: written" : "hook sync: nothing changed",
      );
      return;
    }
    if (controller.signal.aborted) return;
    if (result.ok) {
      // Another sync (this instance's schedule, or another instance) holds the lock: these
      // notices go first in the next run, with whatever arrived meanwhile.
      wait(batch);
    } else if (result.problems && batch.length > 1) {
      // Refused: one item of the batch is bad. Each is tried alone, so the others still land.
      options.log.warn({ items: batch.length }, "hook sync refused; trying each item by itself");
      for (const entry of batch) await runOnce([entry]);
      return;
    } else if (result.problems) {
      runs.inc({ outcome: "failed" });
      options.log.error(
        { problems: result.problems, items: 1 },
        `hook sync refused, nothing was changed (fix it in Sitefinity; the next hook or full sync tries again): ${result.message}`,
      );
      return;
    } else {
      const again = batch.filter((entry) => entry.tries + 1 < MAX_TRIES);
      runs.inc({ outcome: "failed" });
      options.log.error(
        { items: batch.length, tryingAgain: again.length },
        `hook sync failed, nothing was changed: ${result.message}`,
      );
      wait(again.map((entry) => ({ ...entry, tries: entry.tries + 1 })));
    }
    await sleep(pause, undefined, { ref: false });
    pause = Math.min(pause * 2, MAX_PAUSE_MS);
  };

  const drain = async () => {
    isDraining = true;
    try {
      while (waiting.size > 0 && !controller.signal.aborted) {
        const batch = [...waiting.values()];
        waiting = new Map();
        await runOnce(batch);
      }
    } finally {
      isDraining = false;
    }
  };

  return {
    add(notice) {
      if (controller.signal.aborted) return;
      if (waiting.size >= MAX_WAITING && !waiting.has(keyOf(notice))) {
        options.log.warn({ itemType: notice.itemType }, "hook queue full: left to the full sync");
        return;
      }
      waiting.set(keyOf(notice), { notice, tries: 0 });
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
