import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { propertyRuns } from "../../tests/helpers/property-runs.ts";
import { foldText } from "../rules/fold-text.ts";
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

/** Marking as first written: every word found by pattern and folded one by one. */
function markEachWordFolded(text: string, matched: ReadonlySet<string>): string {
  const clean = text.replace(/[\uE000\uE001]/g, "");
  let out = "";
  let at = 0;
  for (const m of clean.matchAll(/[\p{L}\p{N}]+/gu)) {
    if (!matched.has(foldText(m[0]))) continue;
    out += `${clean.slice(at, m.index)}${S}${m[0]}${E}`;
    at = m.index + m[0].length;
  }
  return out + clean.slice(at);
}

describe("search marks, against folding each word one by one", () => {
  const text = fc
    .array(fc.constantFrom("Deal", "deal", "M&A", "x2", "Co.", " ", "-", "'", "\n", "2024", "É"), {
      maxLength: 40,
    })
    .map((parts) => parts.join(""));

  it("marks exactly the words that folding each word one by one would mark", () => {
    fc.assert(
      fc.property(text, fc.subarray(["deal", "m", "a", "x2", "co", "2024", "e"]), (t, words) => {
        const matched = new Set(words);
        expect(markWords(t, matched)).toBe(markEachWordFolded(t, matched));
      }),
      { numRuns: propertyRuns(500) },
    );
  });
});
