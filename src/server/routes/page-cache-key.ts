import { TRANSACTIONS_PATH } from "../../rules/site-paths.ts";

/**
 * Pages whose query only the script on them reads: the Historical Transactions widget takes its
 * filters from the address (the industry hubs link to `/transactions?industry=…`), while the
 * server renders the same page for every query. One render serves them all.
 */
const QUERY_READ_IN_BROWSER: ReadonlySet<string> = new Set([TRANSACTIONS_PATH]);

/** The cache key for a page request, or null when the page should not be cached. */
export function pageCacheKey(url: string): string | null {
  const [path = "/", query = ""] = url.split("?", 2);
  if (query === "" || QUERY_READ_IN_BROWSER.has(path)) return path;
  // Free-text queries (search) would fill the cache with one-off pages; ?page=N is a small set.
  return /^page=\d{1,4}$/.test(query) ? `${path}?${query}` : null;
}
