import { describe, expect, it } from "vitest";
import { readTitleSetting } from "./title.ts";

describe("readTitleSetting", () => {
  it.each([
    [null, true],
    ["", true],
    ["  ", true],
    ["shown", true],
    ["Shown", true],
    ["hidden", false],
    [" HIDDEN ", false],
  ])("reads data-title=%j as shown: %j, with no problem", (value, isShown) => {
    expect(readTitleSetting(value)).toEqual({ isShown, problem: null });
  });

  it("shows the title for any other value and names the attribute and value", () => {
    expect(readTitleSetting("none")).toEqual({
      isShown: true,
      problem: 'data-title="none" is neither "shown" nor "hidden": the title shows',
    });
  });
});
