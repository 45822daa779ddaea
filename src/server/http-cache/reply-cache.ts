import { ALL } from "../../rules/cache-tags.ts";
import { LruCache } from "../../rules/lru.ts";
import type { Representation } from "./representation.ts";

const sizeOf = (entry: { bytes: number }) => entry.bytes;

interface KeyEntry {
  key: string;
  bytes: number;
}

/**
 * Finished replies by normalised query (bounded by entries and bytes), found again by the exact
 * request URL through a second, small map, so a repeated call is two lookups and no parsing.
 * Concurrent misses for one query share one computation. A content change drops the replies whose
 * cache tags (their `Surrogate-Key`, src/rules/cache-tags.ts) it touched, and a reply with no tags;
 * a change that touched `all` (an import) drops every reply.
 * Only successes are kept: a failure (a 500 while the database was down) must not outlive it.
 */
export class ReplyCache {
  private readonly replies = new LruCache<Representation>(1000, {
    maxBytes: 64 * 1024 * 1024,
    sizeOf,
  });
  // URL -> key does not depend on the content, so it survives clear().
  private readonly keys = new LruCache<KeyEntry>(10_000, { maxBytes: 8 * 1024 * 1024, sizeOf });
  private readonly pending = new Map<string, Promise<Representation>>();
  private readonly onLookup: (isHit: boolean) => void;

  /** `onLookup` hears of every lookup, found or computed (for the metrics). */
  constructor(onLookup: (isHit: boolean) => void = () => {}) {
    this.onLookup = onLookup;
  }

  /** The reply for a URL seen before, if it is still cached. */
  byUrl(url: string): Representation | undefined {
    const entry = this.keys.get(url);
    const hit = entry && this.replies.get(entry.key);
    if (hit) this.onLookup(true);
    return hit;
  }

  /** The reply for `key` (remembering that `url` asks for it), computed when missing. */
  get(url: string, key: string, compute: () => Promise<Representation>): Promise<Representation> {
    // A URL seen before keeps its entry (get() moved it to the young end): no new one per hit.
    if (this.keys.get(url)?.key !== key)
      this.keys.set(url, { key, bytes: 2 * (url.length + key.length) });
    const hit = this.replies.get(key);
    this.onLookup(hit !== undefined);
    if (hit) return Promise.resolve(hit);
    const running = this.pending.get(key);
    if (running) return running;
    const generation = this.replies.generation;
    const promise = compute()
      .then((reply) => {
        if (reply.status >= 200 && reply.status < 300) this.replies.set(key, reply, generation);
        return reply;
      })
      .finally(() => {
        if (this.pending.get(key) === promise) this.pending.delete(key);
      });
    this.pending.set(key, promise);
    return promise;
  }

  clear(): void {
    this.replies.clear();
    this.pending.clear();
  }

  /** Drops the replies tagged with any of `tags`; a reply computing meanwhile is not kept. */
  dropTagged(tags: readonly string[]): void {
    if (tags.includes(ALL)) return this.clear();
    const touched = new Set(tags);
    this.replies.drop((reply) => {
      const names = reply.variants.identity.headers["surrogate-key"];
      return names === undefined || names.split(" ").some((tag) => touched.has(tag));
    });
    this.pending.clear();
  }
}
