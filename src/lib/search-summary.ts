/** What the search page says above its results, and what a screen reader hears on arrival. */
export function searchSummary({
  query,
  hasQuery,
  total,
  page,
  pageCount,
  noun = ["result", "results"],
  isCorrected = false,
  isExact = false,
}: {
  query: string;
  hasQuery: boolean;
  total: number;
  page: number;
  pageCount: number;
  /** What is counted, one and many: a filter by kind counts `["deal", "deals"]`. */
  noun?: readonly [string, string];
  /** The search corrected the query, and the line before the count says what it searched for. */
  isCorrected?: boolean;
  /** The visitor asked for the words as typed, with no typo forgiven. */
  isExact?: boolean;
}): string {
  if (!hasQuery) return "Enter words to search the deals, topics, articles and pages of the site.";
  const subject = isCorrected ? "" : ` for “${query}”${isExact ? " as typed" : ""}`;
  if (total === 0) return `No ${noun[1]}${subject}.`;
  const results = `${total} ${total === 1 ? noun[0] : noun[1]}${subject}`;
  return pageCount > 1 ? `${results}, page ${page} of ${pageCount}.` : `${results}.`;
}
