import { describe, expect, it } from "vitest";
import { rovingIndex } from "./roving.ts";

describe("rovingIndex", () => {
  it.each([
    ["ArrowRight", 0, 1],
    ["ArrowDown", 0, 1],
    ["ArrowRight", 26, 0],
    ["ArrowLeft", 5, 4],
    ["ArrowUp", 5, 4],
    ["ArrowLeft", 0, 26],
    ["Home", 13, 0],
    ["End", 13, 26],
    ["Enter", 13, null],
    ["a", 13, null],
    ["Tab", 13, null],
  ])("moves %s from %i to %s among 27 buttons", (key, from, to) => {
    expect(rovingIndex(key, from, 27)).toBe(to);
  });

  it("moves nowhere when there is no button", () => {
    expect(rovingIndex("ArrowRight", 0, 0)).toBeNull();
  });
});
