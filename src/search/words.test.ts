import { describe, expect, it } from "vitest";
import { indexWords, plainWords, searchWords } from "./words.ts";

describe("search words", () => {
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
