import sanitizeHtml from "sanitize-html";

// Sitefinity's HTML points at its own site with site-relative addresses (`/images/default-source/
// …`, `/about-us`), which its own pages resolve against its host. Copied here they would point at
// pages this site lacks, so they become absolute on the web service's origin. Sitefinity's `sfref`
// attributes (its own record of what a link or image refers to) mean nothing here and are
// dropped; a link whose address cannot be resolved (an unresolved `[Pages]…` reference) becomes
// plain text, and such an image is left out, rather than either breaking.

const SCHEME = /^[a-z][a-z0-9+.-]*:/i;

/**
 * `value` (an href or src) as an address that works from another site: site-relative and
 * relative ones on `origin`, absolute ones as they are; null for one that cannot work anywhere.
 */
export function absoluteUrl(value: string, origin: string): string | null {
  const url = value.trim();
  if (url === "" || url.startsWith("[")) return null;
  if (url.startsWith("#") || SCHEME.test(url)) return url;
  if (url.startsWith("//")) return `${new URL(origin).protocol}${url}`;
  // `~/` is ASP.NET's application root, which Sitefinity's editor sometimes leaves in.
  const path = url.startsWith("~/") ? url.slice(1) : url;
  try {
    return new URL(path, `${origin}/`).href;
  } catch {
    return null;
  }
}

const withUrl = (
  attribs: sanitizeHtml.Attributes,
  name: "href" | "src",
  origin: string,
): sanitizeHtml.Attributes => {
  const { [name]: value, ...rest } = attribs;
  delete rest.sfref;
  const url = value === undefined ? null : absoluteUrl(value, origin);
  return url === null ? rest : { ...rest, [name]: url };
};

/**
 * The HTML with every link's href and image's src made absolute on `origin` (the web service's
 * site). Nothing else is removed here: the content's own sanitiser runs on the result.
 */
export function absoluteUrls(html: string, origin: string): string {
  if (!/\b(?:href|src)\s*=/i.test(html)) return html;
  return sanitizeHtml(html, {
    allowedTags: false,
    allowedAttributes: false,
    allowVulnerableTags: true,
    transformTags: {
      a: (tagName, attribs) => {
        const next = withUrl(attribs, "href", origin);
        return { tagName: next.href === undefined ? "span" : tagName, attribs: next };
      },
      img: (tagName, attribs) => ({ tagName, attribs: withUrl(attribs, "src", origin) }),
    },
    exclusiveFilter: (frame) => frame.tag === "img" && frame.attribs.src === undefined,
  });
}
