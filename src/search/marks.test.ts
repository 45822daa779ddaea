import { describe, expect, it } from "vitest";
import { MARK_END as E, MARK_START as S } from "../rules/match-marks.ts";
import { markedSnippet, markWords } from "./marks.ts";

const matched = new Set(["economie", "circulaire", "harbor"]);

describe("search marks", () => {
  it("marks the matched words as written, accents and case kept", () => {
    expect(markWords("L'Économie circulaire, Harbor-side", matched)).toBe(
      `L'${S}Économie${E} ${S}circulaire${E}, ${S}Harbor${E}-side`,
    );
  });

  it("drops marker characters the text itself held, so content cannot fake a mark", () => {
    expect(markWords(`a${S}b${E} harbor`, matched)).toBe(`ab ${S}harbor${E}`);
  });

  it("cuts a long text around its matches, with an ellipsis where text was left out", () => {
    const words = Array.from({ length: 100 }, (_, i) => `w${i}`);
    words[60] = "Harbor";
    const snippet = markedSnippet(words.join(" "), matched, 10);
    expect(snippet).toBe(`…w57 w58 w59 ${S}Harbor${E} w61 w62 w63 w64 w65 w66…`);
    expect(markedSnippet("short harbor text", matched)).toBe(`short ${S}harbor${E} text`);
    expect(markedSnippet(words.join(" "), new Set(), 3)).toBe("w0 w1 w2…");
  });
});
