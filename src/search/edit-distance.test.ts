import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { editDistance, typoBudget } from "./edit-distance.ts";

/** Optimal string alignment distance over the whole table: slow, plain, obviously right. */
function reference(a: string, b: string): number {
  const d = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      d[i]![j] = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        d[i]![j] = Math.min(d[i]![j]!, d[i - 2]![j - 2]! + 1);
    }
  }
  return d[a.length]![b.length]!;
}

const word = fc.string({ unit: fc.constantFrom(..."abcde"), maxLength: 9 });

describe("editDistance", () => {
  it.each([
    ["harbor", "habror", 1],
    ["acquisition", "acqusition", 1],
    ["keystone", "kystne", 2],
    ["lindqvist", "lindkvsit", 2],
    ["cedar", "cedar", 0],
  ])("counts %s -> %s as %i", (a, b, d) => {
    expect(editDistance(a, b, 3)).toBe(d);
  });

  it("agrees with the full table up to its bound, and says bound + 1 beyond", () => {
    fc.assert(
      fc.property(word, word, fc.integer({ min: 0, max: 3 }), (a, b, max) => {
        expect(editDistance(a, b, max)).toBe(Math.min(reference(a, b), max + 1));
      }),
    );
  });

  it("measures to the nearest beginning of the longer word in prefix mode", () => {
    expect(editDistance("acqusi", "acquisition", 1, true)).toBe(1);
    expect(editDistance("recapitaliz", "recapitalizations", 2, true)).toBe(0);
    fc.assert(
      fc.property(word, word, fc.integer({ min: 0, max: 2 }), (a, b, max) => {
        let best = Infinity;
        for (let j = 0; j <= b.length; j++) best = Math.min(best, reference(a, b.slice(0, j)));
        expect(editDistance(a, b, max, true)).toBe(Math.min(best, max + 1));
      }),
    );
  });

  it("forgives no typo below five letters, one from five, two from nine", () => {
    expect([1, 4, 5, 8, 9, 20].map(typoBudget)).toEqual([0, 0, 1, 1, 2, 2]);
  });
});
