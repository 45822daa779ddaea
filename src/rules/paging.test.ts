import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  clampPage,
  pageCount,
  pageItems,
  pageNumber,
  pageOffset,
  pageRange,
  pageSlice,
} from "./paging.ts";
import { itReturns } from "../../tests/helpers/table.ts";

describe("pageNumber", () => {
  itReturns(pageNumber, "reads %j as page %i", [
    [null, 1],
    ["", 1],
    ["0", 1],
    ["3", 3],
    ["-2", 1],
    ["2.5", 1],
    ["two", 1],
    ["9999999", 1],
  ]);
});

describe("pageCount", () => {
  it.each([
    [0, 25, 1],
    [1, 25, 1],
    [25, 25, 1],
    [26, 25, 2],
    [10_000, 25, 400],
    [25, 12, 3],
  ])("%i rows at %i a page need %i page(s)", (rows, perPage, pages) => {
    expect(pageCount(rows, perPage)).toBe(pages);
  });
});

describe("clampPage", () => {
  it("brings a page from a shared address into range", () => {
    expect(clampPage(0, 4)).toBe(1);
    expect(clampPage(9, 4)).toBe(4);
    expect(clampPage(2.7, 4)).toBe(2);
    expect(clampPage(Number.NaN, 4)).toBe(1);
  });
});

describe("a page's rows", () => {
  const rows = Array.from({ length: 60 }, (_, i) => i + 1);

  it("are the page's slice, the last one short", () => {
    expect(pageSlice(rows, 1, 25)).toEqual(rows.filter((n) => n <= 25));
    expect(pageSlice(rows, 3, 25)).toEqual(rows.filter((n) => n > 50));
    expect(pageSlice(rows, 4, 25)).toEqual([]);
    expect(pageOffset(3, 12)).toBe(24);
  });

  it("are counted from and to as a listing says it", () => {
    expect(pageRange(1, 25, 60)).toEqual({ first: 1, last: 25 });
    expect(pageRange(3, 25, 60)).toEqual({ first: 51, last: 60 });
    expect(pageRange(1, 25, 0)).toEqual({ first: 0, last: 0 });
  });

  it("cover every row once, page after page", () => {
    fc.assert(
      fc.property(fc.nat(200), fc.integer({ min: 1, max: 30 }), (total, perPage) => {
        const all = Array.from({ length: total }, (_, i) => i + 1);
        const pages = Array.from({ length: pageCount(total, perPage) }, (_, i) => i + 1);
        expect(pages.flatMap((page) => pageSlice(all, page, perPage))).toEqual(all);
        for (const page of pages) {
          const slice = pageSlice(all, page, perPage);
          const { first, last } = pageRange(page, perPage, total);
          expect(slice.length === 0 ? [0, 0] : [slice[0], slice.at(-1)]).toEqual([first, last]);
        }
      }),
    );
  });
});

describe("pageItems", () => {
  it.each([
    [1, 1, [1]],
    [1, 5, [1, 2, 3, 4, 5]],
    [1, 400, [1, 2, 3, 4, 5, "gap", 400]],
    [6, 11, [1, "gap", 5, 6, 7, "gap", 11]],
    [200, 400, [1, "gap", 199, 200, 201, "gap", 400]],
    [400, 400, [1, "gap", 396, 397, 398, 399, 400]],
  ])("on page %i of %i offers %j", (current, count, expected) => {
    expect(pageItems(current, count)).toEqual(expected);
  });

  it("always offers the first, last, current and neighbouring pages, in order, in 7 entries at most", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 500 }), fc.nat(499), (count, i) => {
        const current = (i % count) + 1;
        const items = pageItems(current, count);
        const numbers = items.filter((item): item is number => item !== "gap");
        for (const page of [1, count, current, current - 1, current + 1]) {
          if (page >= 1 && page <= count) expect(numbers).toContain(page);
        }
        expect(numbers).toEqual([...numbers].sort((a, b) => a - b));
        expect(items.length).toBeLessThanOrEqual(7);
        items.forEach((item, k) => expect(item === "gap" && items[k + 1] === "gap").toBe(false));
      }),
    );
  });
});
