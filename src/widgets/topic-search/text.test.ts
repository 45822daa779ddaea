import { describe, expect, it } from "vitest";
import { countText, summaryText } from "./text.ts";
import { itReturns } from "../../../tests/helpers/table.ts";

describe("countText", () => {
  itReturns(countText, "describes %i as %j", [
    [0, "No topics"],
    [1, "1 topic"],
    [3, "3 topics"],
  ]);
});

describe("summaryText", () => {
  it.each([
    ["q", 0, "No 'Q' topics found."],
    ["#", 0, "No '#' topics found."],
    ["b", 1, "1 topic under B"],
    ["e", 4, "4 topics under E"],
  ] as const)("says letter %j with %i topics as %j", (letter, count, text) => {
    expect(summaryText(letter, count)).toBe(text);
  });
});
