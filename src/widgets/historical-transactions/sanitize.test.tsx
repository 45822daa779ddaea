import { describe, expect, it } from "vitest";
import { sanitizeContentHtml } from "../../content/sanitize.ts";
import { sanitizeDescription } from "./sanitize.ts";
import { itReturns } from "../../../tests/helpers/table.ts";

// The widget's sanitiser (DOMPurify, in the browser) and the server's (sanitize-html) keep the
// same description HTML: one allow-list (src/rules/html-allow-lists.ts) for both. (A .tsx file
// only to run in jsdom: DOMPurify needs a DOM.)
describe("sanitizeDescription", () => {
  itReturns(sanitizeDescription, "keeps %j as %j", [
    [
      "<p>Advised <strong>Acme</strong> on its <em>sale</em>.</p>",
      "<p>Advised <strong>Acme</strong> on its <em>sale</em>.</p>",
    ],
    ['<a href="https://example.com/deal">deal</a>', '<a href="https://example.com/deal">deal</a>'],
    ['<a href="/transactions">ours</a>', '<a href="/transactions">ours</a>'],
    ['<a href="mailto:deals@example.com">mail</a>', '<a href="mailto:deals@example.com">mail</a>'],
    ['<a href="javascript:alert(1)">x</a>', "<a>x</a>"],
    ['<a href="tel:+15551234">call</a>', "<a>call</a>"],
    ['<img src=x onerror="alert(1)">text', "text"],
    ['<p onclick="steal()" class="x">p</p>', "<p>p</p>"],
    ["<h2>Heading</h2><table><tr><td>1</td></tr></table>", "Heading1"],
  ]);

  it("drops every link the server's sanitiser drops", () => {
    for (const href of ["javascript:alert(1)", "data:text/html,x", "tel:+15551234", "vbscript:x"]) {
      const html = `<a href="${href}">x</a>`;
      expect(sanitizeContentHtml(html)).toBe("<a>x</a>");
      expect(sanitizeDescription(html)).toBe("<a>x</a>");
    }
  });
});
