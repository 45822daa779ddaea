import { describe, expect, it } from "vitest";
import { normaliseIsoDateTime } from "./common.ts";

describe("normaliseIsoDateTime", () => {
  it.each([
    ["2021-03-04", "2021-03-04T00:00:00Z"],
    ["2021-03-04T10:20:30Z", "2021-03-04T10:20:30Z"],
    ["2021-03-04T10:20:30.123Z", "2021-03-04T10:20:30Z"],
    ["2021-03-04T23:30:00-05:00", "2021-03-05T04:30:00Z"],
    ["2021-03-04T01:00:00+02:00", "2021-03-03T23:00:00Z"],
    ["2024-02-29", "2024-02-29T00:00:00Z"],
  ])("reads %s as %s", (input, expected) => {
    expect(normaliseIsoDateTime(input)).toBe(expected);
  });

  it.each([
    "",
    "yesterday",
    "2021-02-30",
    "2023-02-29",
    "2021-13-01",
    "2021-00-10",
    "2021-03-04T24:00:00Z",
    "21-03-04",
  ])("rejects %j", (input) => {
    expect(normaliseIsoDateTime(input)).toBeNull();
  });
});
