import type { FlatTaxon } from "../../content/taxon.ts";

/** The 26 letter buttons, in order. */
// prettier-ignore
export const LETTERS = [
  "a", "b", "c", "d", "e", "f", "g", "h", "i", "j", "k", "l", "m",
  "n", "o", "p", "q", "r", "s", "t", "u", "v", "w", "x", "y", "z",
] as const;
/** The bucket for titles that do not start with a letter a–z (digits, symbols, other scripts). */
export const OTHER = "#";

type AtoZ = (typeof LETTERS)[number];
/** A letter button: a–z or OTHER. */
export type Letter = AtoZ | typeof OTHER;
/** What the widget needs of a flat taxon. */
export type Topic = Pick<FlatTaxon, "Id" | "Title" | "Name" | "UrlName">;
/** Topics per letter; every letter has an entry (empty when none). */
export type TopicGroups<T> = Record<Letter, T[]>;

const TOPIC_PATH =
  "/latest-articles-commentary/featured-articles-commentary/all-articles-and-commentary/-in-tags/tags/";

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

function isAtoZ(s: string): s is AtoZ {
  return s.length === 1 && s >= "a" && s <= "z";
}

const byName = new Intl.Collator("en", { sensitivity: "base" });

/**
 * Topics by Name ascending, case and accents ignored (DESIGN §4). Names equal at base
 * sensitivity are ordered by code point, then Id, so the order never depends on the API's.
 */
export function sortTopics<T extends Pick<Topic, "Id" | "Name">>(topics: readonly T[]): T[] {
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

/** Topics per letter by `foldLetter(Title)`, each group in the input's order. */
export function groupTopics<T extends Pick<Topic, "Title">>(topics: readonly T[]): TopicGroups<T> {
  const groups = Object.fromEntries(
    [...LETTERS, OTHER].map((l) => [l, [] as T[]]),
  ) as TopicGroups<T>;
  for (const topic of topics) groups[foldLetter(topic.Title)].push(topic);
  return groups;
}

/** One letter button: its letter and how many topics it lists. */
export interface LetterCount {
  letter: Letter;
  count: number;
}

/** The buttons to show: a–z always, then OTHER only when some topic lists under it. */
export function letterCounts<T>(groups: TopicGroups<T>): LetterCount[] {
  const counts = LETTERS.map((letter) => ({ letter, count: groups[letter].length }));
  const other = groups[OTHER].length;
  return other > 0 ? [...counts, { letter: OTHER, count: other }] : counts;
}

/**
 * The letter named by `#b`, `b`, `?letter=b` (any case; `#` or `%23` for OTHER); null for
 * anything else, including an unrelated anchor such as `#main` or a malformed escape.
 */
export function parseLetter(hashOrQuery: string): Letter | null {
  let value: string | null;
  if (hashOrQuery.startsWith("?")) {
    value = new URLSearchParams(hashOrQuery).get("letter");
  } else {
    try {
      value = decodeURIComponent(hashOrQuery.startsWith("#") ? hashOrQuery.slice(1) : hashOrQuery);
    } catch {
      return null;
    }
  }
  const lower = value?.trim().toLowerCase() ?? "";
  if (lower === OTHER) return OTHER;
  return isAtoZ(lower) ? lower : null;
}

/** The topic page on the firm's site; `siteBase` is '' (same origin) or an origin. */
export function topicHref(siteBase: string, urlName: string): string {
  return `${siteBase.replace(/\/+$/, "")}${TOPIC_PATH}${encodeURIComponent(urlName)}`;
}
