// Pure: which documents hold, for every query word, one of the stored words it stands for, and
// their summed weights; with the working space that ranking keeps per loaded index (score.ts).
import type { DocumentFacts, WeightedPostings } from "./score.ts";

/** Per-document working space for ranking, kept with the facts it was made for. */
interface Scratch {
  /** The last query word (group) whose postings held the document; -1 for none yet. */
  readonly seenIn: Int32Array;
  /** The best weight the document has for the current query word. */
  readonly best: Float64Array;
  /** The sum of its best weights so far. */
  readonly total: Float64Array;
}
const scratches = new WeakMap<DocumentFacts, Scratch>();
function scratchFor(facts: DocumentFacts): Scratch {
  let scratch = scratches.get(facts);
  if (scratch === undefined) {
    const n = facts.kinds.length;
    scratch = {
      seenIn: new Int32Array(n).fill(-1),
      best: new Float64Array(n),
      total: new Float64Array(n),
    };
    scratches.set(facts, scratch);
  }
  return scratch;
}

/**
 * The documents that hold, for every query word, one of its stored words, each with the sum of
 * its best weight per query word (added in query-word order). Only the postings are visited: the
 * candidates are the first query word's documents, and each later word keeps those it holds.
 */
export function matchingDocuments(
  facts: DocumentFacts,
  groups: readonly (readonly WeightedPostings[])[],
): { docs: number[]; totals: number[] } {
  const n = facts.kinds.length;
  const { seenIn, best, total } = scratchFor(facts);
  if (groups.length === 0) {
    const docs = Array.from({ length: Math.max(0, n - 1) }, (_, i) => i + 1);
    return { docs, totals: docs.map(() => 0) };
  }
  let candidates: number[] = [];
  let touched: number[] = [];
  try {
    for (let g = 0; g < groups.length; g++) {
      for (const { weight, postings } of groups[g]!) {
        const { docIds, weights } = postings;
        for (let i = 0; i < docIds.length; i++) {
          const doc = docIds[i]!;
          const w = weight * weights[i]!;
          // A weight counts when positive, and only for a document that held every earlier word.
          if (doc === 0 || doc >= n || !(w > 0) || seenIn[doc]! < g - 1) continue;
          if (seenIn[doc] === g - 1) {
            seenIn[doc] = g;
            best[doc] = w;
            if (g === 0) candidates.push(doc);
          } else if (w > best[doc]!) best[doc] = w;
        }
      }
      if (g === 0) touched = candidates;
      const kept: number[] = [];
      for (const doc of candidates) {
        if (seenIn[doc] !== g) continue;
        total[doc]! += best[doc]!;
        kept.push(doc);
      }
      candidates = kept;
    }
    return { docs: candidates, totals: candidates.map((doc) => total[doc]!) };
  } finally {
    for (const doc of touched) {
      seenIn[doc] = -1;
      total[doc] = 0;
    }
  }
}

/** The documents' title words as numbers: a title is compared with a query without hashing. */
export interface TitleIndex {
  /** Every title word's number. */
  readonly ids: ReadonlyMap<string, number>;
  /** The title words of document d are words[starts[d]] up to words[starts[d + 1]]. */
  readonly words: Int32Array;
  readonly starts: Uint32Array;
  /** The documents whose title holds word w are docs[docStarts[w]] up to docs[docStarts[w + 1]]. */
  readonly docs: Int32Array;
  readonly docStarts: Uint32Array;
}
const titleIndexes = new WeakMap<DocumentFacts, TitleIndex>();

/** The title index of `facts`, made on first use and kept with them. */
export function titleIndex(facts: DocumentFacts): TitleIndex {
  let index = titleIndexes.get(facts);
  if (index !== undefined) return index;
  const ids = new Map<string, number>();
  const n = facts.titleWords.length;
  const starts = new Uint32Array(n + 1);
  const words: number[] = [];
  for (let doc = 0; doc < n; doc++) {
    starts[doc] = words.length;
    for (const word of facts.titleWords[doc]!) {
      let id = ids.get(word);
      if (id === undefined) ids.set(word, (id = ids.size));
      words.push(id);
    }
  }
  starts[n] = words.length;
  // The same pairs the other way round: for each word, the documents whose title holds it.
  const docStarts = new Uint32Array(ids.size + 1);
  for (const word of words) docStarts[word + 1]! += 1;
  for (let w = 0; w < ids.size; w++) docStarts[w + 1]! += docStarts[w]!;
  const docs = new Int32Array(words.length);
  const filled = docStarts.slice(0, ids.size);
  for (let doc = 0; doc < n; doc++)
    for (let i = starts[doc]!; i < starts[doc + 1]!; i++) docs[filled[words[i]!]!++] = doc;
  index = { ids, words: Int32Array.from(words), starts, docs, docStarts };
  titleIndexes.set(facts, index);
  return index;
}
