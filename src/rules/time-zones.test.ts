import { describe, expect, it } from "vitest";
import { isTimeZone } from "./time-zones.ts";

describe("isTimeZone", () => {
  it.each([
    ["Europe/London", true],
    ["UTC", true],
    ["America/Argentina/Buenos_Aires", true],
    ["Europe/Londn", false],
    ["GMT+25", false],
    ["", false],
  ])("isTimeZone(%j) is %s", (zone, expected) => {
    expect(isTimeZone(zone)).toBe(expected);
  });
});
