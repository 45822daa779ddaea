// Pure: matched words marked in a result's title and snippet.
import { foldText } from "../rules/fold-text.ts";
import { MARK_END, MARK_START } from "../rules/match-marks.ts";

const WORD = /[\p{L}\p{N}]+/gu;

// eslint-disable-next-line no-control-regex -- plain ASCII folds by lower case alone
const ASCII = /^[\u0000-\u007f]*$/;

/** A word of a text: where it starts and ends, and whether the search matched it. */
interface ScannedWord {
  start: number;
  end: number;
  isMatch: boolean;
}

/** Words of a text with where they start and end, and whether the search matched them. */
function scan(text: string, matched: ReadonlySet<string>): ScannedWord[] {
  const clean = text.replace(/[\uE000\uE001]/g, "");
  if (!ASCII.test(clean))
    return Array.from(clean.matchAll(WORD), (m) => ({
      start: m.index,
      end: m.index + m[0].length,
      isMatch: matched.has(foldText(m[0])),
    }));
  // Most text is plain ASCII, where a word is a run of letters and digits and folding is lower
  // case: one pass over the character codes, with no pattern and no folding word by word.
  const lower = clean.toLowerCase();
  const words: ScannedWord[] = [];
  let start = -1;
  for (let i = 0; i <= lower.length; i++) {
    const c = i < lower.length ? lower.charCodeAt(i) : 0;
    if ((c >= 97 && c <= 122) || (c >= 48 && c <= 57)) {
      if (start < 0) start = i;
    } else if (start >= 0) {
      words.push({ start, end: i, isMatch: matched.has(lower.slice(start, i)) });
      start = -1;
    }
  }
  return words;
}

/** `text` with every word the search matched (folded, in `matched`) between the markers. */
export function markWords(text: string, matched: ReadonlySet<string>): string {
  const clean = text.replace(/[\uE000\uE001]/g, "");
  let out = "";
  let at = 0;
  for (const word of scan(clean, matched)) {
    if (!word.isMatch) continue;
    out += `${clean.slice(at, word.start)}${MARK_START}${clean.slice(word.start, word.end)}${MARK_END}`;
    at = word.end;
  }
  return out + clean.slice(at);
}

/**
 * About `size` words of `text` around where the matched words are densest, marked, with `…` where
 * text was left out. A text without matches gives its beginning.
 */
export function markedSnippet(text: string, matched: ReadonlySet<string>, size = 30): string {
  const clean = text
    .replace(/[\uE000\uE001]/g, "")
    .replace(/\s+/g, " ")
    .trim();
  const words = scan(clean, matched);
  if (words.length <= size) return markWords(clean, matched);
  let best = 0;
  let bestCount = -1;
  let count = 0;
  for (let i = 0; i < words.length; i++) {
    if (words[i]!.isMatch) count++;
    if (i >= size && words[i - size]!.isMatch) count--;
    // The first match sits a few words into the window, not at its very edge.
    const start = Math.max(0, i - size + 1);
    if (i >= size - 1 && count > bestCount) {
      bestCount = count;
      best = start;
    }
  }
  const firstMatch = words.findIndex((w, i) => i >= best && w.isMatch);
  const from = firstMatch > best + 3 ? Math.min(firstMatch - 3, words.length - size) : best;
  const last = Math.min(from + size, words.length) - 1;
  const start = from === 0 ? 0 : words[from]!.start;
  const end = last === words.length - 1 ? clean.length : words[last]!.end;
  const body = markWords(clean.slice(start, end), matched);
  return `${from > 0 ? "…" : ""}${body}${end < clean.length ? "…" : ""}`;
}
