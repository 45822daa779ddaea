// Pure: the site search's ranking. A document matches when it holds, for every query word, one of
// the stored words that query word stands for; its score adds up, per query word, the best of
// those words' weights there, and grows when its title is, begins with or holds the query.
import type { Postings } from "./postings.ts";
import type { SearchKind } from "./build-index.ts";
import { matchingDocuments, titleIndex, type TitleIndex } from "./match.ts";

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
 * Each document's place by recency and number, as a tier orders it: 20 bits of its prior
 * (newest first) above 24 bits of its number; worked out once for the facts.
 */
const agesOf = new WeakMap<DocumentFacts, Float64Array>();
function ages(facts: DocumentFacts): Float64Array {
  let kept = agesOf.get(facts);
  if (kept !== undefined) return kept;
  kept = new Float64Array(facts.priors.length);
  for (let doc = 0; doc < kept.length; doc++) {
    const prior = Math.min(PRIOR_SPAN[1], Math.max(PRIOR_SPAN[0], facts.priors[doc]!));
    const age = Math.round(((PRIOR_SPAN[1] - prior) / (PRIOR_SPAN[1] - PRIOR_SPAN[0])) * 0xfffff);
    kept[doc] = age * 2 ** 24 + doc;
  }
  agesOf.set(facts, kept);
  return kept;
}

/**
 * The title factor: the title's words are the query's (each title word one of the stored words
 * its query word stands for, so `privat equity` is the title Private Equity), begin with them,
 * or hold them in a row. `masks` has a bit per query word for each title word it stands for.
 */
function titleFactor(titles: TitleIndex, doc: number, masks: Uint32Array, g: number): number {
  const from = titles.starts[doc]!;
  const length = titles.starts[doc + 1]! - from;
  if (g === 0 || length < g) return 1;
  next: for (let start = 0; start + g <= length; start++) {
    for (let i = 0; i < g; i++)
      if (((masks[titles.words[from + start + i]!]! >>> i) & 1) === 0) continue next;
    if (start > 0) return TITLE_FACTOR.holds;
    return length === g ? TITLE_FACTOR.is : TITLE_FACTOR.begins;
  }
  return 1;
}

/**
 * For each title word, a bit per query word that stands for it (at most 32 query words); and the
 * documents whose title holds one of the first query word's words, the only ones whose title can
 * be or hold the query.
 */
function queryMasks(titles: TitleIndex, words: readonly ReadonlySet<string>[]) {
  const masks = new Uint32Array(titles.ids.size);
  const titled = new Set<number>();
  words.slice(0, 32).forEach((set, i) => {
    for (const word of set) {
      const id = titles.ids.get(word);
      if (id === undefined) continue;
      masks[id]! |= 1 << i;
      if (i === 0)
        for (let at = titles.docStarts[id]!; at < titles.docStarts[id + 1]!; at++)
          titled.add(titles.docs[at]!);
    }
  });
  return { masks, titled };
}

/** What a ranking found. */
export interface Ranking {
  /** The best matching documents of the wanted kinds, best first: as many as were asked for. */
  order: number[];
  /** Every matching document of the wanted kinds, in no order. */
  matched: number[];
  /** How many documents of each kind match, whatever kinds are wanted. */
  counts: Record<SearchKind, number>;
}

/**
 * The matching documents of the `wanted` kinds, the `first` best in order, and how many of each
 * kind match. `groups` holds, per query word, the postings it stands for, and `words` the stored
 * words it stands for (to compare with titles). Only the documents asked for are put in order: a
 * page of results is a few of thousands, and sorting them all was a third of a search.
 */
export function rankDocuments(
  facts: DocumentFacts,
  groups: readonly (readonly WeightedPostings[])[],
  words: readonly ReadonlySet<string>[],
  wanted: ReadonlySet<SearchKind>,
  first = Infinity,
): Ranking {
  const { docs, totals } = matchingDocuments(facts, groups);
  const titles = titleIndex(facts);
  const { masks, titled } = queryMasks(titles, words);
  // A title is compared only with a query of at most 32 words (queries hold at most 8).
  const g = words.length <= 32 ? words.length : 0;
  const isWanted = KIND_ORDER.map((kind) => wanted.has(kind));
  const byKind = new Array<number>(KIND_ORDER.length).fill(0);
  const matched: number[] = [];
  const scores: number[] = [];
  let top = 0;
  for (let i = 0; i < docs.length; i++) {
    const doc = docs[i]!;
    const kind = facts.kinds[doc]!;
    byKind[kind]! += 1;
    const score = titled.has(doc) ? totals[i]! * titleFactor(titles, doc, masks, g) : totals[i]!;
    top = Math.max(top, score);
    if (!isWanted[kind]) continue;
    matched.push(doc);
    scores.push(score);
  }
  // One number per document orders tier, then recency, then document number: 7 + 20 + 24 bits,
  // exact in a double, so a typed array's own numeric sort does the work.
  const keys = new Float64Array(matched.length);
  const placeOf = ages(facts);
  for (let i = 0; i < matched.length; i++) {
    const doc = matched[i]!;
    const tier = Math.min(127, -Math.ceil(Math.log(scores[i]! / top) * TIERS_PER_E));
    keys[i] = tier * 2 ** 44 + placeOf[doc]!;
  }
  const best = smallest(keys, first);
  const count = (kind: SearchKind) => byKind[KIND_ORDER.indexOf(kind)]!;
  return {
    order: Array.from(best, (k) => k % 2 ** 24),
    matched,
    counts: {
      deal: count("deal"),
      industry: count("industry"),
      topic: count("topic"),
      article: count("article"),
      page: count("page"),
      person: count("person"),
    },
  };
}

/** The `k` smallest of `keys` (all distinct), in order: a bounded heap when k is a few. */
function smallest(keys: Float64Array, k: number): Float64Array {
  if (k >= keys.length) return keys.sort();
  if (k <= 0) return new Float64Array(0);
  // A max-heap of the k smallest seen so far; its root is the largest of them.
  const heap = keys.slice(0, k);
  for (let i = (k >> 1) - 1; i >= 0; i--) siftDown(heap, i);
  for (let i = k; i < keys.length; i++) {
    if (keys[i]! >= heap[0]!) continue;
    heap[0] = keys[i]!;
    siftDown(heap, 0);
  }
  return heap.sort();
}

function siftDown(heap: Float64Array, from: number): void {
  let i = from;
  for (;;) {
    const left = 2 * i + 1;
    let largest = i;
    if (left < heap.length && heap[left]! > heap[largest]!) largest = left;
    if (left + 1 < heap.length && heap[left + 1]! > heap[largest]!) largest = left + 1;
    if (largest === i) return;
    [heap[i], heap[largest]] = [heap[largest]!, heap[i]!];
    i = largest;
  }
}
