import { ALL, SEARCH, SITE } from "../rules/cache-tags.ts";
import type { Cause } from "./cause.ts";

// What a capture keeps again, from the cache tags that drive the purges: a change names the
// tags it touched (src/rules/cache-tags.ts), every kept page and reply named the tags it showed
// when it was kept, and the two meet. A change that touched everything (an import, a deploy, a
// baseline), or a record that keeps nothing yet, takes every address it knows, and the site's
// seeds, from which the sitemap, the paged lists and the feeds lead to the rest.

/** Where a full capture starts: the home page, the sitemap and robots.txt. */
export const SEEDS: readonly string[] = ["/", "/sitemap.xml", "/robots.txt"];

/** A change still owed a capture, as its entry says. */
export interface OwedChange {
  seq: number;
  revision: number;
  at: string;
  cause: Cause;
  tags: readonly string[];
}

/** An address the record keeps, with what it carried when last kept. */
export interface Kept {
  url: string;
  tags: readonly string[];
  status: number;
}

/** What a capture of `owed` renders first (discovery adds to it), and whether it is full. */
export function addressesToCapture(
  owed: readonly OwedChange[],
  known: readonly Kept[],
): { full: boolean; urls: string[] } {
  const tags = new Set(owed.flatMap((change) => change.tags));
  const full =
    known.length === 0 ||
    tags.has(ALL) ||
    owed.some((c) => c.cause.type === "deploy" || c.cause.type === "baseline");
  // An address that answered an error last time (a removed deal's page) keeps that answer as its
  // last version; it is kept again only once a sitemap or a list leads to it anew.
  const live = known.filter((kept) => kept.status < 400);
  if (full) return { full, urls: unique([...SEEDS, ...live.map((kept) => kept.url)]) };
  return {
    full,
    urls: live.filter((kept) => kept.tags.some((tag) => tags.has(tag))).map((kept) => kept.url),
  };
}

/**
 * The owed changes whose own version of some page no capture can show any more: a later change
 * in the same capture touched the same tags, so the snapshot shows that one. Each is recorded as
 * a gap, never silently.
 */
export function supersededChanges(
  owed: readonly OwedChange[],
): { change: OwedChange; by: OwedChange }[] {
  return owed.flatMap((change, i) => {
    const mine = new Set(change.tags);
    const by = owed
      .slice(i + 1)
      .find(
        (later) =>
          later.revision > change.revision &&
          (mine.has(ALL) || later.tags.some((tag) => tag === ALL || mine.has(tag))),
      );
    return by === undefined ? [] : [{ change, by }];
  });
}

/** The cache tags a reply carries (its Surrogate-Key header). */
export function replyTags(headers: Readonly<Record<string, string>>): string[] {
  return (headers["surrogate-key"] ?? "").split(/\s+/).filter((tag) => tag !== "");
}

/**
 * Whether a reply is a publication to keep. A search result page or suggestion is an answer to
 * one visitor's query, not something the firm published: it shows nothing but what the search
 * found (its tags, besides the ones every reply carries, are the search's alone). A page that
 * shows some of its own content through the search (an industry hub's insights) is kept.
 */
export function isPublication(tags: readonly string[]): boolean {
  const shows = tags.filter((tag) => tag !== ALL && tag !== SITE);
  return !(shows.length > 0 && shows.every((tag) => tag === SEARCH));
}

function unique(urls: readonly string[]): string[] {
  return [...new Set(urls)];
}
