import { describe, expect, it } from "vitest";
import { letterFromLocation, letterHash, restoredLetter } from "./address.ts";
import { OTHER } from "../../rules/topics.ts";
import { parseLetter } from "./letters.ts";

describe("letterFromLocation", () => {
  it.each([
    ["#b", "", "b"],
    ["", "?letter=c", "c"],
    ["#d", "?letter=c", "d"],
    ["#main", "?letter=c", "c"],
    ["", "", null],
  ])("reads hash %j and query %j as %j", (hash, search, letter) => {
    expect(letterFromLocation(hash, search)).toBe(letter);
  });
});

describe("restoredLetter", () => {
  it.each([
    ["#c", "", "b", "c"],
    ["", "", "b", "a"],
    ["", "?letter=e", "b", "e"],
    ["#main", "", "b", "b"],
  ] as const)(
    "after going to hash %j query %j from %j selects %j",
    (hash, search, current, letter) => {
      expect(restoredLetter(hash, search, current)).toBe(letter);
    },
  );
});

describe("letterHash", () => {
  it("writes a hash that reads back as the same letter", () => {
    expect(letterHash("b")).toBe("#b");
    expect(letterHash(OTHER)).toBe("#%23");
    expect(parseLetter(letterHash(OTHER))).toBe(OTHER);
  });
});
