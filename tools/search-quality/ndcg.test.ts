import { describe, expect, it } from "vitest";
import { dcg, mean, ndcg } from "./ndcg.ts";

describe("nDCG", () => {
  it("discounts each rank by log2 of its position plus one", () => {
    expect(dcg([3, 2, 0, 1])).toBeCloseTo(7 / 1 + 3 / Math.log2(3) + 0 + 1 / Math.log2(5), 12);
    expect(dcg([3, 3, 3], 2)).toBeCloseTo(7 + 7 / Math.log2(3), 12);
  });

  it("scores the ideal order 1, and a worse order of the same documents less", () => {
    const grades = { a: 3, b: 2, c: 1 };
    expect(ndcg(["a", "b", "c"], grades)).toBe(1);
    expect(ndcg(["c", "b", "a"], grades)).toBeLessThan(1);
    expect(ndcg(["x", "a", "b", "c"], grades)).toBeLessThan(ndcg(["a", "b", "c"], grades));
    expect(ndcg(["x", "y"], grades)).toBe(0);
  });

  it("counts only the first k results", () => {
    const grades = { a: 3 };
    const late = [...Array.from({ length: 10 }, (_, i) => `x${i}`), "a"];
    expect(ndcg(late, grades)).toBe(0);
    expect(ndcg(late, grades, 11)).toBeCloseTo(1 / Math.log2(12), 12);
  });

  it("scores a query with nothing to find 1 for no results and 0 for any", () => {
    expect(ndcg([], {})).toBe(1);
    expect(ndcg(["a"], { a: 0 })).toBe(0);
  });

  it("averages", () => {
    expect(mean([1, 0.5])).toBe(0.75);
    expect(mean([])).toBe(0);
  });
});
