// Pure: which stored words each word of a query stands for, and how much a match on each counts.
// The search then asks the database for documents holding, for every query word, one of its
// stored words; computing this here, not in SQL, keeps SQLite and PostgreSQL exactly alike.
import { stemmer } from "stemmer";
import { editDistance, typoBudget } from "./edit-distance.ts";
import type { SearchQuery } from "./query.ts";

/** A stored word: in how many documents, and in how many titles, it occurs. */
export interface VocabularyWord {
  readonly word: string;
  readonly docs: number;
  readonly titleDocs: number;
}

/** Every stored word, ready to look up. */
export interface Vocabulary {
  /** Sorted by word, so the words a prefix begins are one run. */
  readonly words: readonly VocabularyWord[];
  readonly byWord: ReadonlyMap<string, VocabularyWord>;
  readonly byStem: ReadonlyMap<string, readonly VocabularyWord[]>;
  /** Documents in the index (for each word's rarity). */
  readonly documents: number;
}

/** One stored word that a query word stands for, with what a match on it is worth. */
export interface Expansion {
  readonly word: string;
  /** Index of the query word. */
  readonly group: number;
  /** The word's rarity times how close it is to what was typed. */
  readonly weight: number;
  /** Found only as a typo of what was typed: a correction, not the word as typed. */
  readonly isTypo: boolean;
}

/** How much a match counts by how it was found: as typed first, a typo last. */
export const MATCH_FACTOR = {
  exact: 1,
  stem: 0.9,
  prefix: 0.8,
  shortPrefix: 0.6,
  typo: [1, 0.55, 0.4],
  prefixTypo: [1, 0.45, 0.3],
} as const;

const MAX_EXPANSIONS = 40;

/** The English stem of a folded word (`recapitalizations` -> `recapit`). */
export const stemOf = (word: string): string => (/^\p{L}+$/u.test(word) ? stemmer(word) : word);

/** Builds the lookups over the stored words. */
export function buildVocabulary(rows: readonly VocabularyWord[], documents: number): Vocabulary {
  const words = [...rows].sort((a, b) => (a.word < b.word ? -1 : a.word > b.word ? 1 : 0));
  const byStem = new Map<string, VocabularyWord[]>();
  for (const w of words) {
    const stem = stemOf(w.word);
    const list = byStem.get(stem);
    if (list) list.push(w);
    else byStem.set(stem, [w]);
  }
  return { words, byWord: new Map(words.map((w) => [w.word, w])), byStem, documents };
}

/** Rarity of a word in `docs` of `documents` documents (BM25's idf, never negative). */
export const rarity = (docs: number, documents: number): number =>
  Math.log(1 + (documents - docs + 0.5) / (docs + 0.5));

/** A memo of expansions by word and mode, kept with the vocabulary it was made from. */
export type ExpansionMemo = Map<string, readonly Omit<Expansion, "group">[]>;
const MEMO_LIMIT = 10_000;

/**
 * The stored words for every query word: itself, words of the same stem, (for the last word when
 * unfinished) the words it begins, and words within its typo budget. `titles` looks only at words
 * that occur in titles, as suggestions do; `typos: false` forgives no typo (the words as typed).
 * A query word with no stored word gets an empty list. `memo` keeps each word's expansions for
 * the next query (drop it with the vocabulary).
 */
export function expandQuery(
  vocabulary: Vocabulary,
  query: SearchQuery,
  {
    titles = false,
    typos = true,
    memo,
  }: { titles?: boolean; typos?: boolean; memo?: ExpansionMemo } = {},
): Expansion[][] {
  return query.words.map((typed, group) => {
    const isPrefix = query.isLastPrefix && group === query.words.length - 1;
    const key = `${titles ? "t" : "a"}${isPrefix ? "p" : "w"}${typed}`;
    let words = memo?.get(key);
    if (words === undefined) {
      words = expandWord(vocabulary, typed, isPrefix, titles);
      if (memo && memo.size < MEMO_LIMIT) memo.set(key, words);
    }
    // Typos weigh less than any other match, so they sort last and were cut first: leaving them
    // out gives the list that a search forgiving none would have made.
    if (!typos) words = words.filter((w) => !w.isTypo);
    return words.map((w) => ({ ...w, group }));
  });
}

function expandWord(
  vocabulary: Vocabulary,
  typed: string,
  isPrefix: boolean,
  titles: boolean,
): Omit<Expansion, "group">[] {
  const docsOf = (w: VocabularyWord) => (titles ? w.titleDocs : w.docs);
  const found = new Map<string, { w: VocabularyWord; factor: number; isTypo: boolean }>();
  const offer = (w: VocabularyWord, factor: number, isTypo = false) => {
    if (docsOf(w) === 0) return;
    const known = found.get(w.word);
    if (!known || known.factor < factor) found.set(w.word, { w, factor, isTypo });
  };
  const exact = vocabulary.byWord.get(typed);
  if (exact) offer(exact, MATCH_FACTOR.exact);
  // An unfinished word is not yet a word to stem (`keys` is on its way to keystone, not key).
  if (!isPrefix || exact)
    for (const w of vocabulary.byStem.get(stemOf(typed)) ?? []) offer(w, MATCH_FACTOR.stem);
  if (isPrefix) {
    const factor = typed.length >= 4 ? MATCH_FACTOR.prefix : MATCH_FACTOR.shortPrefix;
    for (const w of wordsBeginning(vocabulary.words, typed)) offer(w, factor);
  }
  const budget = typoBudget(typed.length);
  if (budget > 0) {
    for (const w of vocabulary.words) {
      if (found.has(w.word) || w.word.length < typed.length - budget) continue;
      const d = editDistance(typed, w.word, budget);
      if (d <= budget) offer(w, MATCH_FACTOR.typo[d]!, true);
      else if (isPrefix) {
        const p = editDistance(typed, w.word, budget, true);
        if (p <= budget) offer(w, MATCH_FACTOR.prefixTypo[p]!, true);
      }
    }
  }
  return [...found.values()]
    .sort((a, b) => b.factor - a.factor || docsOf(b.w) - docsOf(a.w))
    .slice(0, MAX_EXPANSIONS)
    .map(({ w, factor, isTypo }) => ({
      word: w.word,
      weight: factor * rarity(docsOf(w), vocabulary.documents),
      isTypo,
    }));
}

/** The run of sorted words that begin with `prefix`. */
function wordsBeginning(words: readonly VocabularyWord[], prefix: string): VocabularyWord[] {
  let low = 0;
  let high = words.length;
  while (low < high) {
    const mid = (low + high) >> 1;
    if (words[mid]!.word < prefix) low = mid + 1;
    else high = mid;
  }
  const run: VocabularyWord[] = [];
  for (let i = low; i < words.length && words[i]!.word.startsWith(prefix); i++) run.push(words[i]!);
  return run;
}

/**
 * How the search read a query some of whose words it found only as typos: each such word replaced
 * by the first of its stored words (the nearest, then the most common) that `isFound` says the
 * results hold. Null when every word was found as typed, by its stem or as the beginning of a
 * word: nothing was corrected.
 */
export function appliedCorrection(
  query: SearchQuery,
  groups: readonly (readonly Expansion[])[],
  isFound: (word: string) => boolean = () => true,
): string | null {
  let changed = false;
  const words = query.words.map((typed, i) => {
    const group = groups[i] ?? [];
    if (group.length === 0 || group.some((e) => !e.isTypo)) return typed;
    changed = true;
    return (group.find((e) => isFound(e.word)) ?? group[0]!).word;
  });
  return changed ? words.join(" ") : null;
}

/**
 * A spelling the stored words suggest for a query that found nothing: each word not stored is
 * replaced by the nearest stored word within one typo more than the search forgives (the most
 * common one on a tie). Null when no word could be corrected.
 */
export function correctedQuery(vocabulary: Vocabulary, query: SearchQuery): string | null {
  let changed = false;
  const words = query.words.map((typed) => {
    if (vocabulary.byWord.has(typed) || typed.length < 3) return typed;
    const budget = Math.min(typoBudget(typed.length) + 1, 3);
    let best: { w: VocabularyWord; d: number } | null = null;
    for (const w of vocabulary.words) {
      const d = editDistance(typed, w.word, budget);
      if (d <= budget && (!best || d < best.d || (d === best.d && w.docs > best.w.docs)))
        best = { w, d };
    }
    if (!best) return typed;
    changed = true;
    return best.w.word;
  });
  return changed ? words.join(" ") : null;
}
