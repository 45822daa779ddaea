import { setTimeout as sleep } from "node:timers/promises";

// Publishing goes first. While a hook's sync runs (reading the item, writing it), and for a
// moment after (the purge, and the shared caches fetching the changed pages again), the site's
// background work pauses at its next step: a capture of the record between two addresses, an
// image's renditions between two encodings. On two cores, a capture rendering beside the sync (a
// deploy's baseline renders every page for minutes) or the last photograph's encodings made a
// publish's p95 cross its budget (docs/benchmarks.md). The pauses of one task (one capture, one
// image) count against a budget of their own, so that a steady stream of hooks delays the
// background work but cannot stop it.

/** How long background work keeps pausing after the last sync ended: the purge and the refills. */
export const AFTER_SYNC_MS = 500;
/** How long one task may pause in all. */
export const PAUSES_PER_TASK_MS = 10_000;
/** How often a paused task looks again. */
const LOOK_EVERY_MS = 20;

export interface SyncHold {
  /** A sync began: background work pauses at its next step. */
  hold(): void;
  /** A sync ended: background work goes on `AFTER_SYNC_MS` after the last one. */
  release(): void;
  /**
   * For one task: a pause that resolves at once unless a sync holds, else once released, within
   * the task's budget, or once `signal` aborts (the site is stopping).
   */
  pauses(options?: { budgetMs?: number; signal?: AbortSignal }): () => Promise<void>;
}

export function syncHold({
  afterMs = AFTER_SYNC_MS,
  now = () => performance.now(),
}: { afterMs?: number; now?: () => number } = {}): SyncHold {
  let holders = 0;
  let heldUntil = 0;
  const isHeld = () => holders > 0 || now() < heldUntil;
  return {
    hold() {
      holders += 1;
    },
    release() {
      holders = Math.max(0, holders - 1);
      heldUntil = now() + afterMs;
    },
    pauses({ budgetMs = PAUSES_PER_TASK_MS, signal } = {}) {
      let paused = 0;
      return async () => {
        while (isHeld() && paused < budgetMs && !signal?.aborted) {
          const started = now();
          await sleep(LOOK_EVERY_MS);
          paused += now() - started;
        }
      };
    },
  };
}
