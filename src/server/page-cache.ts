import { createHash } from "node:crypto";
import type { OutgoingHttpHeaders } from "node:http";

/** A rendered page kept for repeat requests, with its strong ETag. */
export interface CachedPage {
  status: number;
  headers: OutgoingHttpHeaders;
  body: Buffer;
  etag: string;
}

/**
 * An in-process LRU of rendered pages, bounded by entries and bytes. The host clears it when
 * the content changes (an import), so a page is rendered once per content revision.
 */
export class PageCache {
  #entries = new Map<string, CachedPage>();
  #bytes = 0;
  readonly #maxEntries: number;
  readonly #maxBytes: number;

  constructor(maxEntries = 2000, maxBytes = 64 * 1024 * 1024) {
    this.#maxEntries = maxEntries;
    this.#maxBytes = maxBytes;
  }

  get(key: string): CachedPage | undefined {
    const entry = this.#entries.get(key);
    if (entry) {
      this.#entries.delete(key);
      this.#entries.set(key, entry);
    }
    return entry;
  }

  set(key: string, page: Omit<CachedPage, "etag">): CachedPage {
    const entry = {
      ...page,
      etag: `"${createHash("sha1").update(page.body).digest("base64url")}"`,
    };
    this.delete(key);
    if (entry.body.length > this.#maxBytes) return entry;
    this.#entries.set(key, entry);
    this.#bytes += entry.body.length;
    while (this.#entries.size > this.#maxEntries || this.#bytes > this.#maxBytes) {
      const oldest = this.#entries.keys().next().value as string;
      this.delete(oldest);
    }
    return entry;
  }

  delete(key: string) {
    const entry = this.#entries.get(key);
    if (!entry) return;
    this.#bytes -= entry.body.length;
    this.#entries.delete(key);
  }

  clear() {
    this.#entries.clear();
    this.#bytes = 0;
  }

  get size() {
    return this.#entries.size;
  }
}

/** The cache key for a page request, or null when the page should not be cached. */
export function pageCacheKey(url: string): string | null {
  const [path = "/", query = ""] = url.split("?", 2);
  // Free-text queries (search) would fill the cache with one-off pages; ?page=N is a small set.
  if (query === "") return path;
  return /^page=\d{1,4}$/.test(query) ? `${path}?${query}` : null;
}

/** True when If-None-Match names this ETag (or is `*`). */
export function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch
    .split(",")
    .map((t) => t.trim().replace(/^W\//, ""))
    .some((t) => t === "*" || t === etag);
}
