import { setTimeout as sleep } from "node:timers/promises";
import type { ContentState } from "./content-state.ts";
import type { Purger } from "./purge/index.ts";

/** What the instance that wrote does with the cache tags its write touched. */
export type OnWritten = (tags: readonly string[]) => void;

export interface Publisher {
  onWritten: OnWritten;
  /**
   * For a shutdown: every publish begun so far purges its second time now rather than after the
   * poll, and this resolves once all have.
   */
  settled(): Promise<void>;
}

/**
 * Purges `tags` now, and again once every instance has read the new revision (`pollMs` and a
 * margin; at once when `hurry` is aborted): by then none serves the old copy to a cache that
 * refills from it. Resolves once both purges have begun.
 */
export async function purgeTwice(
  purger: Purger,
  tags: readonly string[],
  pollMs: number,
  hurry?: AbortSignal,
): Promise<void> {
  if (tags.length === 0) return;
  purger.purge(tags);
  await sleep(pollMs + 500, undefined, { signal: hurry }).catch(() => {
    // Hurried (the site is stopping): the second purge goes now.
  });
  purger.purge(tags);
}

/**
 * After a content write by this instance: it drops its own kept replies at once, without waiting
 * for its revision poll, and before any purge (a shared cache purged before would fetch the old
 * page again from this instance, and keep it for a day), then purges the shared caches. Other
 * instances drop theirs on PostgreSQL's notification at once, or at their next revision poll; a
 * shared cache could fetch the old copy from one of them meanwhile, so the tags are purged twice
 * (purgeTwice). A shutdown waits for both (settled()), the second at once. `onPurged` is told
 * once the first purge has gone (the site's record captures the write then: src/server/record/).
 */
export function publisher(
  content: ContentState,
  purger: Purger | undefined,
  pollMs: number,
  onPurged?: () => void,
): Publisher {
  const running = new Set<Promise<void>>();
  const hurry = new AbortController();
  const publish = async (tags: readonly string[]) => {
    await content.refresh().catch(() => {
      // The database is out of reach: the purges still go, and the poll catches up.
    });
    // purgeTwice sends its first purge before it first waits.
    const purged = purger === undefined ? null : purgeTwice(purger, tags, pollMs, hurry.signal);
    onPurged?.();
    await purged;
  };
  return {
    onWritten(tags) {
      const done = publish(tags).finally(() => running.delete(done));
      running.add(done);
    },
    settled: async () => {
      hurry.abort();
      while (running.size > 0) await Promise.all(running);
    },
  };
}
