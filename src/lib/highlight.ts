import { MARK_END, MARK_START } from "../rules/match-marks.ts";

const ESCAPES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};

/** Escapes text for HTML. */
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);

/**
 * Search text with marker characters -> safe HTML with <mark>: everything is escaped first,
 * then only the markers become tags, so content can never inject markup.
 */
export function highlightHtml(marked: string): string {
  let open = false;
  let html = "";
  for (const part of escapeHtml(marked).split(new RegExp(`([${MARK_START}${MARK_END}])`))) {
    if (part === MARK_START && !open) {
      html += "<mark>";
      open = true;
    } else if (part === MARK_END && open) {
      html += "</mark>";
      open = false;
    } else if (part !== MARK_START && part !== MARK_END) {
      html += part;
    }
  }
  return open ? `${html}</mark>` : html;
}
