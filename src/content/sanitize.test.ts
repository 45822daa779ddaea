import { describe, expect, it } from "vitest";
import { htmlToText, sanitizeContentHtml } from "./sanitize.ts";

describe("htmlToText", () => {
  it.each([
    ["<p>Sold to <strong>Acme</strong> &amp; Co.</p>", "Sold to Acme & Co."],
    ["Caf&eacute; &#233; &#xE9; &amp;lt;", "Café é é &lt;"],
    ["<p>a</p>\n\n<p>b</p>", "a b"],
    ["<script>alert(1)</script>text", "text"],
  ])("%j reads as %j", (html, text) => {
    expect(htmlToText(html)).toBe(text);
  });
});

describe("sanitizeContentHtml", () => {
  it("adds noopener to links that open a new tab", () => {
    expect(sanitizeContentHtml('<a href="https://example.com" target="_blank">x</a>')).toBe(
      '<a href="https://example.com" target="_blank" rel="noopener noreferrer">x</a>',
    );
  });

  it("is idempotent, so export and re-import give the same bytes", () => {
    const once = sanitizeContentHtml(
      '<p>A &amp; B <em>c</em> <a href="https://x.example/?a=1&b=2">l</a></p>',
    );
    expect(sanitizeContentHtml(once)).toBe(once);
  });
});
