/** The all-articles listing (DESIGN §3); article and topic pages live under it. */
export const ARTICLES_PATH =
  "/latest-articles-commentary/featured-articles-commentary/all-articles-and-commentary";

export const articlePath = (urlName: string) => `${ARTICLES_PATH}/${encodeURIComponent(urlName)}`;

/** A topic page: the articles with that tag. */
export const topicPath = (urlName: string) =>
  `${ARTICLES_PATH}/-in-tags/tags/${encodeURIComponent(urlName)}`;

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
