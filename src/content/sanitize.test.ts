import { describe, expect, it } from "vitest";
import { sanitizeContentHtml } from "./sanitize.ts";

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

describe("images in content (synced from Sitefinity's libraries)", () => {
  it.each([
    [
      '<img src="https://cms.firm.example/images/a.png" alt="A" width="320">',
      '<img alt="A" src="https://cms.firm.example/images/a.png" width="320" />',
    ],
    ['<img src="/images/a.png">', '<img alt="" src="/images/a.png" />'],
    [
      '<img src="https://cms.firm.example/a.png" sfref="[images]9b" onerror="x()">',
      '<img alt="" src="https://cms.firm.example/a.png" />',
    ],
  ])("keeps %s as %s", (html, expected) => {
    expect(sanitizeContentHtml(html)).toBe(expected);
    expect(sanitizeContentHtml(expected)).toBe(expected);
  });

  it.each([
    "<img src=x onerror=alert(1)>",
    '<img src="data:image/png;base64,AAAA">',
    '<img src="//cdn.example/a.png">',
    '<img src="javascript:alert(1)">',
    "<img>",
  ])("leaves out %s: only http(s) addresses and this site's paths", (html) => {
    expect(sanitizeContentHtml(`<p>${html}</p>`)).toBe("<p></p>");
  });
});
