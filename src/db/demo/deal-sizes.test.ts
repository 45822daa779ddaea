import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { dealSize, LARGEST, SMALLEST } from "./deal-sizes.ts";

describe("dealSize", () => {
  it("keeps the lowest draws undisclosed and starts the rest at the smallest size", () => {
    expect(dealSize(0)).toBeNull();
    expect(dealSize(0.089)).toBeNull();
    expect(dealSize(0.09)).toBe(SMALLEST);
  });

  it("grows with the draw, from the smallest size to the largest", () => {
    fc.assert(
      fc.property(fc.double({ min: 0.09, max: 1, maxExcluded: true, noNaN: true }), (draw) => {
        const size = dealSize(draw)!;
        expect(size).toBeGreaterThanOrEqual(SMALLEST);
        expect(size).toBeLessThanOrEqual(LARGEST);
        const higher = Math.min(draw + 0.01, 1 - Number.EPSILON);
        expect(dealSize(higher)!).toBeGreaterThanOrEqual(size);
      }),
    );
  });
});
