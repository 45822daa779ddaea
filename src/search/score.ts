// Pure: the site search's ranking. A document matches when it holds, for every query word, one of
// the stored words that query word stands for; its score adds up, per query word, the best of
// those words' weights there, and grows when its title is, begins with or holds the query.
import type { Postings } from "./postings.ts";
import type { SearchKind } from "./build-index.ts";

/** The kinds in a fixed order, so a kind is a small number in the facts below. */
export const KIND_ORDER: readonly SearchKind[] = [
  "deal",
  "topic",
  "article",
  "page",
  "industry",
  "person",
];

/** What ranking needs of every document, by its number (1 to n; 0 unused). */
export interface DocumentFacts {
  readonly kinds: Uint8Array;
  readonly priors: Float64Array;
  /** The title's words (its TitleKey split): `["keystone", "networks", "co"]`. */
  readonly titleWords: readonly (readonly string[])[];
}

/** A stored word's postings and the weight a match on it carries for its query word. */
export interface WeightedPostings {
  readonly weight: number;
  readonly postings: Postings;
}

/** How much a title that is, begins with, or holds the query's words multiplies the score. */
export const TITLE_FACTOR = { is: 3, begins: 2, holds: 1.4 } as const;

/**
 * Tiers of relevance, each about 12% of the best score wide (8 per factor e): within a tier the
 * newer document comes first (Prior), as Algolia ranks by its criteria and then by a custom
 * ranking. Among deals that match about equally well, the latest leads.
 */
const TIERS_PER_E = 8;

/**
 * The priors the order tells apart. A full build gives 0 to 1; an item indexed since lies past
 * its kind's newest (above 1) or oldest (below 0) until the next, and still sorts by its date.
 */
const PRIOR_SPAN = [-1, 2] as const;

/**
 * The title factor: the title's words are the query's (each title word one of the stored words
 * its query word stands for, so `privat equity` is the title Private Equity), begin with them,
 * or hold them in a row.
 */
function titleFactor(title: readonly string[], groups: readonly ReadonlySet<string>[]): number {
  const runAt = (start: number) => groups.every((words, i) => words.has(title[start + i] ?? ""));
  if (groups.length === 0 || title.length < groups.length) return 1;
  if (runAt(0)) return title.length === groups.length ? TITLE_FACTOR.is : TITLE_FACTOR.begins;
  for (let start = 1; start + groups.length <= title.length; start++)
    if (runAt(start)) return TITLE_FACTOR.holds;
  return 1;
}

/**
 * The matching documents of the `wanted` kinds, best first, and how many of each kind match
 * (whatever kinds are wanted). `groups` holds, per query word, the postings it stands for, and
 * `words` the stored words it stands for (to compare with titles).
 */
export function rankDocuments(
  facts: DocumentFacts,
  groups: readonly (readonly WeightedPostings[])[],
  words: readonly ReadonlySet<string>[],
  wanted: ReadonlySet<SearchKind>,
): { order: number[]; counts: Record<SearchKind, number> } {
  const n = facts.kinds.length;
  const total = new Float64Array(n);
  const found = new Uint8Array(n);
  const best = new Float64Array(n);
  for (const group of groups) {
    best.fill(0);
    for (const { weight, postings } of group) {
      const { docIds, weights } = postings;
      for (let i = 0; i < docIds.length; i++) {
        const doc = docIds[i]!;
        const w = weight * weights[i]!;
        if (doc < n && w > best[doc]!) best[doc] = w;
      }
    }
    for (let doc = 1; doc < n; doc++) {
      if (best[doc]! > 0) {
        total[doc]! += best[doc]!;
        found[doc]! += 1;
      }
    }
  }
  const counts: Record<SearchKind, number> = {
    deal: 0,
    industry: 0,
    topic: 0,
    article: 0,
    page: 0,
    person: 0,
  };
  const matched: number[] = [];
  let top = 0;
  for (let doc = 1; doc < n; doc++) {
    if (found[doc] !== groups.length) continue;
    const kind = KIND_ORDER[facts.kinds[doc]!]!;
    counts[kind] += 1;
    total[doc] = total[doc]! * titleFactor(facts.titleWords[doc]!, words);
    top = Math.max(top, total[doc]!);
    if (wanted.has(kind)) matched.push(doc);
  }
  // One number per document orders tier, then recency, then document number: 7 + 20 + 24 bits,
  // exact in a double, so a typed array's own numeric sort does the work.
  const keys = new Float64Array(matched.length);
  matched.forEach((doc, i) => {
    const tier = Math.min(127, -Math.ceil(Math.log(total[doc]! / top) * TIERS_PER_E));
    const prior = Math.min(PRIOR_SPAN[1], Math.max(PRIOR_SPAN[0], facts.priors[doc]!));
    const age = Math.round(((PRIOR_SPAN[1] - prior) / (PRIOR_SPAN[1] - PRIOR_SPAN[0])) * 0xfffff);
    keys[i] = tier * 2 ** 44 + age * 2 ** 24 + doc;
  });
  keys.sort();
  return { order: Array.from(keys, (k) => k % 2 ** 24), counts };
}
