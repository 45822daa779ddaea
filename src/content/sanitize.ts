import sanitizeHtml from "sanitize-html";

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
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
    "span",
    "sup",
    "sub",
    "hr",
    "img",
  ],
  allowedAttributes: {
    a: ["href", "title", "rel", "target"],
    th: ["scope"],
    td: ["colspan"],
    img: ["src", "alt", "width", "height", "title"],
  },
  allowedSchemes: ["http", "https", "mailto"],
  allowedSchemesByTag: { img: ["http", "https"] },
  allowedSchemesAppliedToAttributes: ["href", "src"],
  allowProtocolRelative: false,
  disallowedTagsMode: "discard",
  transformTags: {
    // A link that opens a new tab must not hand the opener to the target.
    a: (tagName, attribs) =>
      attribs.target === "_blank"
        ? { tagName, attribs: { ...attribs, rel: "noopener noreferrer" } }
        : { tagName, attribs },
    // An image nobody described is taken as decorative, rather than left for a screen reader
    // to spell out its address.
    img: (tagName, attribs) => ({ tagName, attribs: { alt: "", ...attribs } }),
  },
  // An image shows only from an http(s) address or a path on this site: a relative one would
  // resolve against each page's own address, and a data: one is refused by the policy.
  exclusiveFilter: (frame) =>
    frame.tag === "img" && !/^(https?:\/\/|\/(?!\/))/i.test(frame.attribs.src ?? ""),
};

/** Content HTML reduced to the tags and attributes an article may carry; scripts and handlers removed. */
export function sanitizeContentHtml(html: string): string {
  return sanitizeHtml(html, OPTIONS);
}
