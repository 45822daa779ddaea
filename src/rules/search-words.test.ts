import { describe, expect, it } from "vitest";
import { foldText, indexWords, plainWords, searchWords } from "./search-words.ts";

describe("search words", () => {
  it.each([
    ["Économie", "economie"],
    ["ÉCONOMIE", "economie"],
    ["Straße Øresund Æsir", "strasse oresund aesir"],
    ["Ｆｕｌｌｗｉｄｔｈ", "fullwidth"],
    ["plain ascii", "plain ascii"],
  ])("folds %j to %j", (text, folded) => {
    expect(foldText(text)).toBe(folded);
  });

  it("splits on punctuation and also keeps the joined forms", () => {
    expect(searchWords("Cross-Border M&A, O'Neil Co.")).toEqual([
      ...["cross", "border", "m", "a", "o", "neil", "co"],
      ...["crossborder", "ma", "oneil"],
    ]);
  });

  it("leaves stop words out of the index but keeps short words that mean something", () => {
    expect(indexWords("The State of IT in the Middle Market")).toEqual([
      "state",
      "it",
      "middle",
      "market",
    ]);
    expect(plainWords("Letters of Intent")).toEqual(["letters", "intent"]);
  });
});
