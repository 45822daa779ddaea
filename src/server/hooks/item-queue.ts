import { setTimeout as sleep } from "node:timers/promises";
import type { FastifyBaseLogger } from "fastify";
import { Counter, type Registry } from "prom-client";
import type { ItemNotice } from "../../sync/hook-notice.ts";
import type { OnWritten } from "../publish.ts";
import type { SyncResult } from "../sync-result.ts";
import type { SyncJob } from "../sync-worker.ts";
import { ASK_AGAIN_FOR_MS, nextAsk, type Late } from "./ask-again.ts";
import { itemWorker } from "./item-worker.ts";
import type { SyncHold } from "./sync-hold.ts";
import { logRefusedImages } from "../sync-schedule.ts";

// The items service hooks named, synced in the background (the hook was answered at once): one
// sync at a time in this instance, in the item syncs' worker thread (item-worker.ts), and every
// hook that arrives while one runs waits for the next, so a burst of a hundred hooks makes a few
// writes, not a hundred. After a write, this instance (the one that wrote) drops its own kept
// replies and purges the shared caches of the tags it touched (publish.ts).
//
// A run that fails does not lose the others' changes: a refused batch is tried again one item at
// a time, so that one bad item holds up only itself; a failure of the moment (Sitefinity down, an
// import in between) is tried again a few times, with growing pauses. What still fails is left to
// the scheduled full sync. An item that Sitefinity served in an older copy than its hook's (its
// output cache) waits apart, holding up neither the lock nor the others, and is asked for again
// with growing pauses for up to ASK_AGAIN_FOR_MS (ask-again.ts); then it too is left to the full
// sync, with a warning.

export interface ItemQueueOptions {
  /** The sync's settings, key and database. */
  job: SyncJob;
  stopGraceMs: number;
  log: FastifyBaseLogger;
  registry: Registry;
  /** Told the cache tags of each write (publish.ts: drop, then purge the shared caches). */
  onWritten?: OnWritten;
  /** Told when each sync begins and ends: the background work pauses meanwhile (sync-hold.ts). */
  syncing?: Pick<SyncHold, "hold" | "release">;
  /** The first pause before trying again (busy, or a failure of the moment); it doubles. */
  retryMs?: number;
  /** How long an item served late is asked for again (ask-again.ts); tests shorten it. */
  askAgainForMs?: number;
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
  /** Set once the service served the item late. */
  late?: Late;
}

/** The later of two notices of one item: the one that tells of the later save. */
const later = (a: ItemNotice, b: ItemNotice) =>
  Date.parse(b.lastModified ?? "") > Date.parse(a.lastModified ?? "") ? b : a;

export function createItemQueue(options: ItemQueueOptions): ItemQueue {
  const runs = new Counter({
    name: "site_hook_syncs_total",
    help: "Syncs of the items service hooks named, by outcome: written, unchanged, failed.",
    labelNames: ["outcome"] as const,
    registers: [options.registry],
  });
  const askedAgain = new Counter({
    name: "site_hook_items_asked_again_total",
    help: "Hooks' items asked for again because the web service served an older copy than the hook's.",
    registers: [options.registry],
  });
  const controller = new AbortController();
  const worker = itemWorker(options.job, options.stopGraceMs);
  worker.warm();
  const firstPause = options.retryMs ?? 200;
  const askAgainForMs = options.askAgainForMs ?? ASK_AGAIN_FOR_MS;
  const timers = new Set<NodeJS.Timeout>();
  let waiting = new Map<string, Waiting>();
  let draining: Promise<void> = Promise.resolve();
  let isDraining = false;
  let pause = firstPause;

  const wait = (entries: readonly Waiting[]) => {
    for (const entry of entries) {
      const key = keyOf(entry.notice);
      const held = waiting.get(key);
      if (held) waiting.set(key, { ...held, notice: later(held.notice, entry.notice) });
      else if (waiting.size < MAX_WAITING) waiting.set(key, entry);
    }
  };
  const drainSoon = () => {
    if (!isDraining && !controller.signal.aborted) draining = drain();
  };

  /** Asks for late items again after their pause, apart from the batch they came in. */
  const askAgain = (batch: readonly Waiting[], notices: readonly ItemNotice[]) => {
    const now = Date.now();
    for (const notice of notices) {
      const entry = batch.find((e) => keyOf(e.notice) === keyOf(notice)) ?? { notice, tries: 0 };
      const late = entry.late ?? { since: now, pause: 0 };
      const next = nextAsk(late, now, askAgainForMs);
      if (next === null) {
        options.log.warn(
          { itemType: notice.itemType, id: notice.id, lastModified: notice.lastModified },
          `the web service still serves an older copy of the item than its hook's after ${askAgainForMs / 1000} s: left to the scheduled sync`,
        );
        continue;
      }
      askedAgain.inc();
      const timer = setTimeout(() => {
        timers.delete(timer);
        wait([{ ...entry, late: { ...late, pause: next } }]);
        drainSoon();
      }, next);
      timer.unref();
      timers.add(timer);
    }
  };

  /** Syncs these notices in the worker; a write is published even if the site stops meanwhile. */
  const sync = async (notices: readonly ItemNotice[]): Promise<SyncResult> => {
    options.syncing?.hold();
    let result: SyncResult;
    try {
      result = await worker.run(notices);
    } finally {
      options.syncing?.release();
    }
    if (result.ok && result.report.outcome === "written")
      options.onWritten?.(result.report.tags ?? []);
    if (result.ok) logRefusedImages(options.log, result.report);
    return result;
  };

  const runOnce = async (batch: Waiting[]) => {
    const result = await sync(batch.map((entry) => entry.notice));
    if (result.ok && result.report.askAgain) askAgain(batch, result.report.askAgain);
    if (result.ok && result.report.outcome !== "busy") {
      pause = firstPause;
      runs.inc({ outcome: result.report.outcome });
      options.log.info(
        {
          items: batch.length,
          revision: result.report.revision,
          seconds: Number(result.report.seconds.toFixed(3)),
        },
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
      wait([{ notice, tries: 0 }]);
      drainSoon();
    },
    settled: () => draining,
    async stop() {
      controller.abort();
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      const stopped = worker.stop();
      await draining;
      await stopped;
    },
  };
}

const keyOf = (notice: ItemNotice) => `${notice.itemType}\n${notice.id}`;
