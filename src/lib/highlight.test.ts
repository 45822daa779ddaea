import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { MARK_END, MARK_START } from "../rules/match-marks.ts";
import { escapeHtml, highlightHtml } from "./highlight.ts";

describe("highlightHtml", () => {
  it("wraps marked words in <mark> and escapes everything else", () => {
    expect(highlightHtml(`Due ${MARK_START}Diligence${MARK_END} & <b>`)).toBe(
      "Due <mark>Diligence</mark> &amp; &lt;b&gt;",
    );
  });

  it("closes a mark left open and ignores a stray end marker", () => {
    expect(highlightHtml(`a ${MARK_START}b`)).toBe("a <mark>b</mark>");
    expect(highlightHtml(`a${MARK_END} b`)).toBe("a b");
  });

  it("never lets content produce a tag other than <mark>", () => {
    const marked = fc.array(
      fc.oneof(
        fc.string(),
        fc.constant(MARK_START),
        fc.constant(MARK_END),
        fc.constant("<script>"),
      ),
    );
    fc.assert(
      fc.property(marked, (parts) => {
        const html = highlightHtml(parts.join(""));
        const tags = html.match(/<[^>]*>/g) ?? [];
        expect(tags.every((t) => t === "<mark>" || t === "</mark>")).toBe(true);
        expect(html.split("<mark>").length).toBe(html.split("</mark>").length);
      }),
      { numRuns: 500 },
    );
  });
});

describe("escapeHtml", () => {
  it("escapes the five HTML-special characters", () => {
    expect(escapeHtml(`<a href="x" title='y'>&</a>`)).toBe(
      "&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;",
    );
  });
});
