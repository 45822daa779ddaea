// What the search page shows around its results: the filter by kind, each result's address,
// label and details. Pure; the page only renders it.
import { formatDealSize } from "./deal-size.ts";
import { formatLongDate } from "./dates.ts";
import type { SearchKind, SearchResult } from "../search/results.ts";
import {
  articlePath,
  dealPath,
  industryPath,
  personPath,
  searchPath,
  topicPath,
} from "../rules/site-paths.ts";

/** Each kind's name, one and many, as results and the filter say it. */
export const KIND_NAMES: Readonly<Record<SearchKind, readonly [string, string]>> = {
  deal: ["Deal", "Deals"],
  industry: ["Industry", "Industries"],
  topic: ["Topic", "Topics"],
  article: ["Article", "Articles"],
  page: ["Page", "Pages"],
  person: ["Person", "People"],
};
const KINDS = Object.keys(KIND_NAMES) as SearchKind[];

/** The kind `?kind=` asks for; anything else (or nothing) is every kind. */
export function requestedKind(url: URL): SearchKind | null {
  const kind = url.searchParams.get("kind");
  return KINDS.find((k) => k === kind) ?? null;
}

/** True when `?exact=1` asks for the words as typed, with no typo forgiven. */
export const requestedExact = (url: URL): boolean => url.searchParams.get("exact") === "1";

/** One choice of the filter by kind: a link, unless it is the current one. */
export interface KindChoice {
  label: string;
  count: number;
  href: string | null;
  isCurrent: boolean;
}

/**
 * "All" and each kind that found something, with its count, for the query as it was asked (as
 * typed or not). The current kind stays even when it found nothing, so that the visitor sees what
 * is chosen and can leave it.
 */
export function kindChoices(
  query: string,
  counts: Readonly<Record<SearchKind, number>>,
  current: SearchKind | null,
  { isExact = false }: { isExact?: boolean } = {},
): KindChoice[] {
  const all = KINDS.reduce((n, k) => n + counts[k], 0);
  return [
    {
      label: "All",
      count: all,
      href: current === null ? null : searchPath(query, { isExact }),
      isCurrent: current === null,
    },
    ...KINDS.filter((kind) => counts[kind] > 0 || kind === current).map((kind) => ({
      label: KIND_NAMES[kind][1],
      count: counts[kind],
      href: current === kind ? null : searchPath(query, { kind, isExact }),
      isCurrent: current === kind,
    })),
  ];
}

/** What the page says of a search that corrected the query's typos. */
export interface CorrectionNotice {
  /** The words the results are for. */
  words: string;
  /** The same search (kind kept, from its first page) for the words exactly as typed. */
  asTypedHref: string;
}

/** The notice for a corrected search, or null when nothing was corrected. */
export function correctionNotice(
  query: string,
  appliedCorrection: string | null,
  kind: SearchKind | null,
): CorrectionNotice | null {
  if (appliedCorrection === null) return null;
  return { words: appliedCorrection, asTypedHref: searchPath(query, { kind, isExact: true }) };
}

/** What a result needs to be linked and described. */
export interface ResultFacts {
  kind: SearchKind;
  ref: string;
  date: string | null;
  size: number | null;
}

/** Where a result leads. */
export function resultHref({ kind, ref }: ResultFacts): string {
  if (kind === "deal") return dealPath(ref);
  if (kind === "industry") return industryPath(ref);
  if (kind === "topic") return topicPath(ref);
  if (kind === "article") return articlePath(ref);
  if (kind === "person") return personPath(ref);
  return ref;
}

/** A deal's close date and size, an article's date; null for what has neither. */
export function resultDetails({ kind, date, size }: ResultFacts): string | null {
  if (kind === "deal" && date !== null)
    return `Closed ${formatLongDate(date)} · ${formatDealSize(size)}`;
  if (kind === "article" && date !== null) return `Published ${formatLongDate(date)}`;
  return null;
}

/** The search page's title: what was searched for, when anything was. */
export const searchTitle = (query: string, hasQuery: boolean): string =>
  hasQuery ? `Search: ${query}` : "Search";

/** What the search page shows of one search, under its banner. */
export interface SearchView {
  /** What was typed, as the page says it searched for it. */
  query: string;
  hasQuery: boolean;
  kind: SearchKind | null;
  isExact: boolean;
  page: number;
  pageCount: number;
  /** The first result's place in all of them (0 on the first page). */
  offset: number;
  total: number;
  result: SearchResult | null;
  summary: string;
  notice: CorrectionNotice | null;
  choices: KindChoice[];
}
