// Description HTML reduced to simple formatting and links before it reaches the DOM,
// by the allow-lists the server's sanitiser uses too (src/rules/html-allow-lists.ts).
import DOMPurify from "dompurify";
import {
  DESCRIPTION_ATTRIBUTES,
  DESCRIPTION_TAGS,
  LINK_SCHEMES,
} from "../../rules/html-allow-lists.ts";

// DOMPurify's own pattern with our schemes: an allowed scheme, or an address with none
// (relative, or a fragment).
const ALLOWED_URI_REGEXP = new RegExp(
  `^(?:(?:${LINK_SCHEMES.join("|")}):|[^a-z]|[a-z+.\\-]+(?:[^a-z+.\\-:]|$))`,
  "i",
);

/** Safe HTML for a description: only formatting tags and `a[href]`; scripts and handlers removed. */
export function sanitizeDescription(html: string): string {
  return DOMPurify.sanitize(html, {
    ALLOWED_TAGS: [...DESCRIPTION_TAGS],
    ALLOWED_ATTR: [...DESCRIPTION_ATTRIBUTES],
    ALLOWED_URI_REGEXP,
    ALLOW_DATA_ATTR: false,
    ALLOW_ARIA_ATTR: false,
  });
}
