// What HTML the site lets through, written once for the server's sanitiser (sanitize-html, on
// import and before render: src/content/sanitize.ts) and the widget's (DOMPurify, in the
// browser, for descriptions that may come from another site: src/widgets/historical-transactions/
// sanitize.ts). Two libraries, because each side uses the one built for it: DOMPurify needs a DOM,
// sanitize-html would put a parser into the widget bundle.

/** Tags a transaction description may carry: formatting and links. */
export const DESCRIPTION_TAGS = [
  "p",
  "br",
  "strong",
  "b",
  "em",
  "i",
  "u",
  "a",
  "ul",
  "ol",
  "li",
  "span",
] as const;

/** Attributes a description's tags may carry: a link's address, nothing else. */
export const DESCRIPTION_ATTRIBUTES = ["href"] as const;

/** Tags an article or page may carry: a description's, and headings, quotes, tables, rules, images. */
export const CONTENT_TAGS = [
  ...DESCRIPTION_TAGS,
  "blockquote",
  "h2",
  "h3",
  "h4",
  "table",
  "thead",
  "tbody",
  "tr",
  "th",
  "td",
  "sup",
  "sub",
  "hr",
  "img",
] as const;

/** Attributes an article's tags may carry, per tag. */
export const CONTENT_ATTRIBUTES = {
  a: ["href", "title", "rel", "target"],
  th: ["scope"],
  td: ["colspan"],
  img: ["src", "alt", "width", "height", "title"],
} as const;

/** The URL schemes a link may use; any other (javascript:, data:, tel:) is dropped. */
export const LINK_SCHEMES = ["http", "https", "mailto"] as const;

/** The URL schemes an image may load from (the server also takes a path on this site). */
export const IMAGE_SCHEMES = ["http", "https"] as const;
