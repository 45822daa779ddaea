/** What the search page says above its results, and what a screen reader hears on arrival. */
export function searchSummary({
  query,
  hasQuery,
  total,
  page,
  pageCount,
}: {
  query: string;
  hasQuery: boolean;
  total: number;
  page: number;
  pageCount: number;
}): string {
  if (!hasQuery) return "Enter words to search the articles and pages of the site.";
  if (total === 0) return `No results for “${query}”.`;
  const results = `${total} ${total === 1 ? "result" : "results"} for “${query}”`;
  return pageCount > 1 ? `${results}, page ${page} of ${pageCount}.` : `${results}.`;
}
