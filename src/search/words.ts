// Pure: the words of a text as the site search stores and looks them up, written once for the
// index, the query and the highlighting, so the three always agree on what a word is.
import { foldText } from "../rules/fold-text.ts";

/** Longest word kept: longer runs are cut (a pasted hash or URL is no word to search for). */
export const MAX_WORD = 40;

// A word, and a word that punctuation joins to the next without a space (`e-commerce`, `M&A`,
// `O'Neil`): both halves are words, and so is the joined form, so either spelling finds it.
const WORD = /[\p{L}\p{N}]+/gu;
const JOINED = /[\p{L}\p{N}]+(?:[-'’.&/][\p{L}\p{N}]+)+/gu;

/**
 * The folded words of a text, in order, with joined forms after their parts: `Cross-Border M&A`
 * gives `cross border crossborder m a ma`. Punctuation is never needed to find a word.
 */
export function searchWords(text: string): string[] {
  const folded = foldText(text);
  const words = (folded.match(WORD) ?? []).map((w) => w.slice(0, MAX_WORD));
  for (const joined of folded.match(JOINED) ?? []) {
    words.push(joined.replace(/[^\p{L}\p{N}]/gu, "").slice(0, MAX_WORD));
  }
  return words;
}

/**
 * Words too common to tell documents apart: neither indexed nor required in a query. Kept short
 * on purpose: `it` (IT Services) and `us` stay searchable.
 */
export const STOP_WORDS: ReadonlySet<string> = new Set(
  "a an and the of in on for to with by at or from as its is are was be this that".split(" "),
);

/** `searchWords` without stop words: what the index stores and a query must match. */
export const indexWords = (text: string): string[] =>
  searchWords(text).filter((w) => !STOP_WORDS.has(w));

/** The words as written, without joined forms or stop words: `Cross-Border M&A` -> `cross border m a`. */
export const plainWords = (text: string): string[] =>
  (foldText(text).match(WORD) ?? [])
    .map((w) => w.slice(0, MAX_WORD))
    .filter((w) => !STOP_WORDS.has(w));
