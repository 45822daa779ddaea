// The Topics A – Z widget's own rules: topics grouped by letter, the letter buttons, the letter an
// address names, and a topic's link. Topic order and letter folding are src/rules/topics.ts.
import type { FlatTaxon } from "../../content/taxon.ts";
import { topicPath } from "../../rules/site-paths.ts";
import { isAtoZ, LETTERS, OTHER, foldLetter, type Letter } from "../../rules/topics.ts";

/** What the widget needs of a flat taxon. */
export type Topic = Pick<FlatTaxon, "Id" | "Title" | "Name" | "UrlName">;
/** Topics per letter; every letter has an entry (empty when none). */
export type TopicGroups<T> = Record<Letter, T[]>;

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
  return `${siteBase.replace(/\/+$/, "")}${topicPath(urlName)}`;
}
