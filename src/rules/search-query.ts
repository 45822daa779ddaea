// Pure: what a visitor typed into the search, read as the words the search looks for.
import { foldText, MAX_WORD, STOP_WORDS } from "./search-words.ts";

/** Longest query read; the rest is ignored (the fields allow 200 characters). */
export const MAX_QUERY = 200;
/** Most words a query matches on (each one must be found, so more only narrows). */
const MAX_WORDS = 8;

/** A query as the search reads it. */
export interface SearchQuery {
  /** Folded words that a result must contain (stop words dropped, repeats once), in order. */
  readonly words: readonly string[];
  /** The last word may be unfinished (no space after it): it also matches the words it begins. */
  readonly isLastPrefix: boolean;
  /** The words joined by single spaces, to compare with a title's words. */
  readonly key: string;
}

/** Splits, folds and trims a query; punctuation and search syntax are only separators. */
export function parseQuery(text: string): SearchQuery {
  const all = foldText(text.slice(0, MAX_QUERY)).match(/[\p{L}\p{N}]+/gu) ?? [];
  const words = [
    ...new Set(all.map((w) => w.slice(0, MAX_WORD)).filter((w) => !STOP_WORDS.has(w))),
  ].slice(0, MAX_WORDS);
  // A word followed by a space, or by a stop word, is finished.
  const last = all.at(-1);
  const isLastPrefix =
    last !== undefined &&
    words.at(-1) === last.slice(0, MAX_WORD) &&
    !/\s$/u.test(text.slice(0, MAX_QUERY));
  return { words, isLastPrefix, key: words.join(" ") };
}

/** True when the text holds anything to search for (a letter or a digit). */
export const hasSearchText = (text: string): boolean => /[\p{L}\p{N}]/u.test(text);
