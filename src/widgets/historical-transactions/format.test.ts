import { describe, expect, it } from "vitest";
import { formatCloseDate, formatSize } from "./format.ts";

describe("formatCloseDate", () => {
  it.each([
    ["2021-03-15", "03/15/2021"],
    ["2021-01-01", "01/01/2021"],
    ["1999-12-31", "12/31/1999"],
    ["", ""],
  ])("shows %j as %j", (day, expected) => {
    expect(formatCloseDate(day)).toBe(expected);
  });
});

describe("formatSize", () => {
  it.each([
    [null, "Undisclosed"],
    [0, "0.0"],
    [12.5, "12.5"],
    [1250, "1,250.0"],
    [12.345, "12.35"],
    [1234567.8, "1,234,567.8"],
  ])("shows %j $MM as %j", (size, expected) => {
    expect(formatSize(size)).toBe(expected);
  });
});
