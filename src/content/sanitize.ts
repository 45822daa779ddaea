import sanitizeHtml from "sanitize-html";
import {
  CONTENT_ATTRIBUTES,
  CONTENT_TAGS,
  IMAGE_SCHEMES,
  LINK_SCHEMES,
} from "../rules/html-allow-lists.ts";

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [...CONTENT_TAGS],
  allowedAttributes: Object.fromEntries(
    Object.entries(CONTENT_ATTRIBUTES).map(([tag, names]) => [tag, [...names]]),
  ),
  allowedSchemes: [...LINK_SCHEMES],
  allowedSchemesByTag: { img: [...IMAGE_SCHEMES] },
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
