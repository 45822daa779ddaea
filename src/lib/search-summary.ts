/** What the search page says above its results, and what a screen reader hears on arrival. */
export function searchSummary({
  query,
  hasQuery,
  total,
  page,
  pageCount,
  noun = ["result", "results"],
}: {
  query: string;
  hasQuery: boolean;
  total: number;
  page: number;
  pageCount: number;
  /** What is counted, one and many: a filter by kind counts `["deal", "deals"]`. */
  noun?: readonly [string, string];
}): string {
  if (!hasQuery) return "Enter words to search the deals, topics, articles and pages of the site.";
  if (total === 0) return `No ${noun[1]} for “${query}”.`;
  const results = `${total} ${total === 1 ? noun[0] : noun[1]} for “${query}”`;
  return pageCount > 1 ? `${results}, page ${page} of ${pageCount}.` : `${results}.`;
}
