// What a search gives back: results with their matched words marked, counts by kind, and how the
// query was read. The search page, the suggestions route and the industry hubs show these.
import type { SearchKind } from "./build-index.ts";

export type { SearchKind } from "./build-index.ts";

/** Every kind, in the order the search page lists them. */
export const SEARCH_KINDS: readonly SearchKind[] = [
  "deal",
  "person",
  "industry",
  "topic",
  "article",
  "page",
];

/** The kinds a suggestion may be: pages are found by the search, not suggested. */
export const SUGGESTED_KINDS: readonly SearchKind[] = [
  "deal",
  "person",
  "industry",
  "topic",
  "article",
];

/** One result. Title and snippet mark the matched words with MARK_START/MARK_END. */
export interface SearchHit {
  kind: SearchKind;
  /** A deal's, topic's or article's UrlName; a page's path. */
  ref: string;
  title: string;
  snippet: string;
  /** A deal's close date or an article's publication date (the API's form); null otherwise. */
  date: string | null;
  /** A deal's size in $MM; null when undisclosed or not a deal. */
  size: number | null;
}

export interface SearchResult {
  hits: SearchHit[];
  /** Matches of the kinds asked for. */
  total: number;
  /** Matches of each kind, whatever kinds were asked for (the filter shows them). */
  counts: Record<SearchKind, number>;
  /**
   * When something matched but a word only through its typos: the words the results are for
   * (`keystone` for `keystnoe`), else null. Never with `exact`.
   */
  appliedCorrection: string | null;
  /** When nothing matched: a spelling to suggest that finds something, else null. */
  correction: string | null;
}

/** A suggestion as the search bar lists it. Title marks the matched words. */
export interface Suggestion {
  kind: Exclude<SearchKind, "page">;
  ref: string;
  title: string;
  date: string | null;
  size: number | null;
}

/** No match of any kind. */
export const noCounts = (): Record<SearchKind, number> => ({
  deal: 0,
  industry: 0,
  topic: 0,
  article: 0,
  page: 0,
  person: 0,
});
