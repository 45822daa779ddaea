import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { clampPage, pageCount, pageFromSearchParams, pageItems, pageSlice } from "./paging.ts";

describe("paging", () => {
  it.each([
    [0, 1],
    [1, 1],
    [25, 1],
    [26, 2],
    [10_000, 400],
  ])("%i rows need %i page(s)", (rows, pages) => {
    expect(pageCount(rows)).toBe(pages);
  });

  it("brings a page from a shared URL into range", () => {
    expect(clampPage(0, 4)).toBe(1);
    expect(clampPage(9, 4)).toBe(4);
    expect(clampPage(Number.NaN, 4)).toBe(1);
  });

  it("slices 25 rows per page", () => {
    const rows = Array.from({ length: 60 }, (_, i) => i);
    expect(pageSlice(rows, 1)).toEqual(rows.slice(0, 25));
    expect(pageSlice(rows, 3)).toEqual(rows.slice(50));
  });

  it.each([
    [1, 5, [1, 2, 3, 4, 5]],
    [1, 400, [1, 2, 3, 4, 5, "gap", 400]],
    [200, 400, [1, "gap", 199, 200, 201, "gap", 400]],
    [400, 400, [1, "gap", 396, 397, 398, 399, 400]],
  ])("on page %i of %i offers %j", (current, count, expected) => {
    expect(pageItems(current, count)).toEqual(expected);
  });

  it("always offers the first, last, current and neighbouring pages, in order", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 500 }),
        fc.integer({ min: 0, max: 499 }),
        (count, i) => {
          const current = (i % count) + 1;
          const items = pageItems(current, count);
          const numbers = items.filter((item): item is number => item !== "gap");
          for (const page of [1, count, current, current - 1, current + 1]) {
            if (page >= 1 && page <= count) expect(numbers).toContain(page);
          }
          expect(numbers).toEqual([...numbers].sort((a, b) => a - b));
          expect(items.length).toBeLessThanOrEqual(7);
        },
      ),
    );
  });

  it.each([
    ["page=3", 3],
    ["page=0", 1],
    ["page=-2", 1],
    ["page=two", 1],
    ["page=1.5", 1],
    ["", 1],
  ])("reads %j as page %i", (search, page) => {
    expect(pageFromSearchParams(new URLSearchParams(search))).toBe(page);
  });
});
