// Topics (the Tags taxonomy's taxa): the order they list in (by Name) and the letter each files
// under (its Title's first, case and accents folded), the same on the server-rendered pages and in
// the Topics A – Z widget.

/** The 26 letters of the index, in order. */
// prettier-ignore
export const LETTERS = [
  "a", "b", "c", "d", "e", "f", "g", "h", "i", "j", "k", "l", "m",
  "n", "o", "p", "q", "r", "s", "t", "u", "v", "w", "x", "y", "z",
] as const;
/** Where titles go that do not start with a letter a–z (digits, symbols, other scripts). */
export const OTHER = "#";

type AtoZ = (typeof LETTERS)[number];
/** A letter of the index: a–z or OTHER. */
export type Letter = AtoZ | typeof OTHER;

// Lower-case letters that NFD does not decompose but an English index files under a Latin
// letter (ß is alphabetised as "ss", æ and œ as "ae" and "oe", Turkish dotless ı as i).
const LETTER_LIKE: Readonly<Record<string, AtoZ>> = {
  ß: "s",
  æ: "a",
  œ: "o",
  ø: "o",
  ł: "l",
  đ: "d",
  ı: "i",
};

// Leading white space is skipped; the first code point that is not a combining mark is the
// initial, and the marks after it are dropped (É -> E -> e). A title that starts with a
// lone combining mark has no initial and goes to OTHER.
const INITIAL = /^\s*(\P{M})/u;

/** The letter a title lists under: its first letter with case and accents folded, else OTHER. */
export function foldLetter(title: string): Letter {
  const initial = INITIAL.exec(title.normalize("NFD"))?.[1];
  if (initial === undefined) return OTHER;
  const lower = initial.toLowerCase();
  return LETTER_LIKE[lower] ?? (isAtoZ(lower) ? lower : OTHER);
}

/** True for one of the 26 letters, in lower case. */
export function isAtoZ(s: string): s is AtoZ {
  return s.length === 1 && s >= "a" && s <= "z";
}

const byName = new Intl.Collator("en", { sensitivity: "base" });

/**
 * Topics by Name ascending, case and accents ignored. Names equal at base sensitivity are
 * ordered by code point, then Id, so the order never depends on the order they came in.
 */
export function sortTopics<T extends { readonly Id: string; readonly Name: string }>(
  topics: readonly T[],
): T[] {
  return [...topics].sort(
    (a, b) =>
      byName.compare(a.Name, b.Name) ||
      codePointOrder(a.Name, b.Name) ||
      codePointOrder(a.Id, b.Id),
  );
}

function codePointOrder(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
