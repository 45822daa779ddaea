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
