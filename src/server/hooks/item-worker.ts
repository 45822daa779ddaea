import { Worker } from "node:worker_threads";
import type { ItemNotice } from "../../sync/hook-notice.ts";
import type { SyncResult } from "../sync-result.ts";
import type { SyncJob } from "../sync-worker.ts";
import type { ItemJob, ItemJobDone } from "./item-sync-thread.ts";

// The service hooks' item syncs run in one worker thread that lives as long as the site, rather
// than a new thread per run: a thread's start, loading the sync's modules again and opening a
// database connection were half of a hook's publish (about 300 ms of 700 on a quiet machine).
// A worker, not the site's own thread: on SQLite every statement of a write runs synchronously
// and would hold up visitors' requests. It starts with the site (or the first hook), runs one job at a time
// (item-sync-thread.ts), starts again with the next job when it died (a job it was running fails
// for the moment, and the queue tries it again), and stops with the site within the grace.

/** The item syncs' worker thread, as the hook queue uses it. */
export interface ItemWorker {
  /** Syncs these notices in the worker, starting it when it is not running. */
  run(notices: readonly ItemNotice[]): Promise<SyncResult>;
  /**
   * Starts the worker idle, ahead of the first hook: loading the sync's modules and opening its
   * connection took the first publish after a start over a second.
   */
  warm(): void;
  /**
   * Stops the worker: a job under way is asked to end (a write under way finishes), and the
   * thread is ended after `graceMs` if it has not ended by then.
   */
  stop(): Promise<void>;
}

/** The worker for `job`'s settings and database, started when first needed. */
export function itemWorker(job: SyncJob, graceMs: number): ItemWorker {
  const waiting = new Map<number, (result: SyncResult) => void>();
  let worker: Worker | null = null;
  let exited: Promise<void> = Promise.resolve();
  let nextId = 0;
  let isStopped = false;

  const start = (): Worker => {
    const thread = new Worker(new URL("./item-sync-thread.ts", import.meta.url), {
      workerData: job,
    });
    let failure = "the item sync's worker ended without a result";
    thread.on("message", ({ id, result }: ItemJobDone) => {
      waiting.get(id)?.(result);
      waiting.delete(id);
      // An idle worker does not keep the site's process alive.
      if (waiting.size === 0) thread.unref();
    });
    thread.on("error", (error) => (failure = `the item sync's worker failed: ${error.message}`));
    exited = new Promise((resolve) =>
      thread.on("exit", () => {
        if (worker === thread) worker = null;
        for (const done of waiting.values()) done({ ok: false, message: failure });
        waiting.clear();
        resolve();
      }),
    );
    return thread;
  };

  return {
    run(notices) {
      if (isStopped) return Promise.resolve({ ok: false, message: "the site is stopping" });
      try {
        worker ??= start();
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        return Promise.resolve({ ok: false, message: `the sync could not start: ${message}` });
      }
      const thread = worker;
      const id = nextId++;
      thread.ref();
      return new Promise<SyncResult>((resolve) => {
        waiting.set(id, resolve);
        thread.postMessage({ id, notices } satisfies ItemJob);
      });
    },
    warm() {
      if (isStopped || worker !== null) return;
      try {
        worker = start();
        // Idle, it does not keep the site's process alive.
        worker.unref();
      } catch {
        // The first hook starts it again, and reports why it cannot.
      }
    },
    async stop() {
      isStopped = true;
      const thread = worker;
      if (!thread) return;
      thread.ref();
      thread.postMessage("stop");
      const timer = setTimeout(() => void thread.terminate(), graceMs);
      timer.unref();
      await exited;
      clearTimeout(timer);
    },
  };
}
