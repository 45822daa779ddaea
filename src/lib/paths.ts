// Addresses as the pages build and read them; the site's own paths are in src/rules/site-paths.ts.

/** The path with `?page=N` (no query for page 1). */
export const pagePath = (path: string, page: number, extra: Record<string, string> = {}) => {
  const params = new URLSearchParams(extra);
  if (page > 1) params.set("page", String(page));
  const query = params.toString();
  return query ? `${path}?${query}` : path;
};

/**
 * The last segment of an address, percent-decoded exactly once: the UrlName as stored.
 * (Astro's params use decodeURI, which leaves reserved characters such as %3D encoded.)
 * Null when the segment is malformed.
 */
export function lastSegment(pathname: string): string | null {
  const segment = pathname.replace(/\/+$/, "").split("/").at(-1) ?? "";
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}
