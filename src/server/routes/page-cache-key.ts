/** The cache key for a page request, or null when the page should not be cached. */
export function pageCacheKey(url: string): string | null {
  const [path = "/", query = ""] = url.split("?", 2);
  // Free-text queries (search) would fill the cache with one-off pages; ?page=N is a small set.
  if (query === "") return path;
  return /^page=\d{1,4}$/.test(query) ? `${path}?${query}` : null;
}
