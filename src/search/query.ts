// Pure: what a visitor typed into the search, read once as the words the search looks for. The
// search page, the suggestions route and the engine all read a query through parseQuery.
import { MAX_WORD, STOP_WORDS } from "./words.ts";
import { foldText } from "../rules/fold-text.ts";

/** Longest query read; the rest is ignored (the fields allow 200 characters). */
export const MAX_QUERY = 200;
/** Most words a query matches on (each one must be found, so more only narrows). */
const MAX_WORDS = 8;

/** A query as the search reads it. */
export interface SearchQuery {
  /** What was typed, cut to MAX_QUERY characters: what the page says it searched for. */
  readonly text: string;
  /** The text holds a letter or a digit (stop words alone still count: they find nothing). */
  readonly hasText: boolean;
  /** Folded words that a result must contain (stop words dropped, repeats once), in order. */
  readonly words: readonly string[];
  /** The last word may be unfinished (no space after it): it also matches the words it begins. */
  readonly isLastPrefix: boolean;
  /** The words joined by single spaces, to compare with a title's words. */
  readonly key: string;
}

/** Splits, folds and trims a query; punctuation and search syntax are only separators. */
export function parseQuery(typed: string): SearchQuery {
  const text = typed.slice(0, MAX_QUERY);
  const all = foldText(text).match(/[\p{L}\p{N}]+/gu) ?? [];
  const words = [
    ...new Set(all.map((w) => w.slice(0, MAX_WORD)).filter((w) => !STOP_WORDS.has(w))),
  ].slice(0, MAX_WORDS);
  // A word followed by a space, or by a stop word, is finished.
  const last = all.at(-1);
  const isLastPrefix =
    last !== undefined && words.at(-1) === last.slice(0, MAX_WORD) && !/\s$/u.test(text);
  return { text, hasText: all.length > 0, words, isLastPrefix, key: words.join(" ") };
}

/**
 * One key for the queries the search reads alike (case, accents, punctuation and stop words
 * aside), so that a cache keeps one reply for them.
 */
export const readingKey = (query: SearchQuery): string =>
  `${query.key}${query.isLastPrefix ? "*" : ""}`;
