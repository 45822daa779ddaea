import { describe, expect, it } from "vitest";
import { chooseCoding, noneMatch } from "./negotiate.ts";
import { itReturns } from "../../../tests/helpers/table.ts";

describe("chooseCoding", () => {
  itReturns(chooseCoding, "%j -> %s", [
    [undefined, "identity"],
    ["", "identity"],
    ["gzip, deflate, br, zstd", "br"],
    ["gzip", "gzip"],
    ["br;q=0.5, gzip;q=0.8", "gzip"],
    ["br;q=0.5, gzip;q=0.5", "br"],
    ["gzip;q=0, br;q=0", "identity"],
    ["*", "br"],
    ["*;q=0.2, br;q=0", "gzip"],
    ["identity", "identity"],
    ["deflate", "identity"],
    ["BR", "br"],
    ["gzip;q=nonsense", "identity"],
  ]);
});

it("chooses right for headers past the ones it remembers", () => {
  // Distinct headers, each preferring a different coding by its q values.
  for (let i = 0; i < 200; i++) {
    const q = (i % 9) / 10 + 0.05;
    expect(chooseCoding(`br;q=${q}, gzip;q=0.5, x-${i}`)).toBe(q >= 0.5 ? "br" : "gzip");
  }
});

describe("noneMatch", () => {
  const tags = ['"abc"', '"abc-br"'];
  it.each([
    [undefined, false],
    ['"abc"', true],
    ['W/"abc-br"', true],
    ['"x", "abc"', true],
    ["*", true],
    ['"abcd"', false],
    ["abc", false],
  ])("%j -> %s", (header, matches) => {
    expect(noneMatch(header, tags)).toBe(matches);
  });
});
