import { describe, expect, it } from "vitest";
import { searchSummary } from "./search-summary.ts";

describe("searchSummary", () => {
  const base = { query: "valuation", hasQuery: true, total: 0, page: 1, pageCount: 1 };

  it.each([
    [
      { query: "", hasQuery: false },
      "Enter words to search the deals, topics, articles and pages of the site.",
    ],
    [{}, "No results for “valuation”."],
    [{ total: 1 }, "1 result for “valuation”."],
    [{ total: 8 }, "8 results for “valuation”."],
    [{ total: 108, page: 2, pageCount: 11 }, "108 results for “valuation”, page 2 of 11."],
    [{ total: 1, noun: ["deal", "deals"] as const }, "1 deal for “valuation”."],
    [{ noun: ["topic", "topics"] as const }, "No topics for “valuation”."],
    // The line above the count already says which words were searched for.
    [{ total: 19, isCorrected: true }, "19 results."],
    [{ total: 25, pageCount: 3, isCorrected: true }, "25 results, page 1 of 3."],
    [{ isCorrected: true, noun: ["page", "pages"] as const }, "No pages."],
    [{ isExact: true }, "No results for “valuation” as typed."],
    [{ total: 1, isExact: true }, "1 result for “valuation” as typed."],
  ])("%j reads %j", (changes, text) => {
    expect(searchSummary({ ...base, ...changes })).toBe(text);
  });
});
