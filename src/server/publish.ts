import type { ContentState } from "./content-state.ts";
import type { Purger } from "./purge/index.ts";

/** What the instance that wrote does with the cache tags its write touched. */
export type OnWritten = (tags: readonly string[]) => void;

/**
 * After a content write by this instance: it drops its own kept replies at once, without waiting
 * for its revision poll, and before any purge (a shared cache
 * purged before would fetch the old page again from this instance, and keep it for a day), then
 * purges the shared caches. Other instances drop theirs on PostgreSQL's notification at once, or
 * at their next revision poll; a shared cache could fetch the old copy from one of them
 * meanwhile, so the tags are purged again once every instance has polled (`pollMs` and a margin).
 */
export function publisher(
  content: ContentState,
  purger: Purger | undefined,
  pollMs: number,
): OnWritten {
  return (tags) => {
    void content
      .refresh()
      .catch(() => {
        // The database is out of reach: the purge still goes, and the poll catches up.
      })
      .then(() => {
        if (purger === undefined) return;
        purger.purge(tags);
        setTimeout(() => purger.purge(tags), pollMs + 500).unref();
      });
  };
}
