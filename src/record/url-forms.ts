// The record keeps an address as the site serves it: its path and query, exactly as requested
// (percent-encoding included: a replay matches addresses byte for byte), with the site's origin
// kept once per capture. A WARC record names it absolute (its WARC-Target-URI).

const BASE = "http://site.invalid";

/**
 * A site address from what someone typed or a page links to: a path (`/transactions/x`), a
 * path with its query, or an absolute URL; resolved as a browser resolves it (WHATWG URL), so
 * that `$filter=Id eq 1` and `$filter=Id%20eq%201` are one address. Null when it is not one.
 */
export function recordUrl(input: string): string | null {
  let url: URL;
  try {
    url = new URL(input, BASE);
  } catch {
    return null;
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return null;
  return `${url.pathname}${url.search}`;
}

/**
 * `href` as found in a reply from `from` (absolute), when it points at the same site: its path
 * and query, without its fragment. Null for another site, another scheme, or no address.
 */
export function sameSiteUrl(href: string, from: string): string | null {
  if (href === "" || href.startsWith("data:") || href.startsWith("#")) return null;
  let url: URL;
  try {
    url = new URL(href, from);
  } catch {
    return null;
  }
  if (url.origin !== new URL(from).origin) return null;
  return `${url.pathname}${url.search}`;
}

/** The absolute address of a kept one, for a WARC record: the capture's origin and its path. */
export function targetUri(origin: string, url: string): string {
  return new URL(url, origin).href;
}
