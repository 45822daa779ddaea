import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { pageWindow, paging, parsePage } from "./paging.ts";

describe("parsePage", () => {
  it.each([
    [null, 1],
    ["", 1],
    ["0", 1],
    ["3", 3],
    ["-2", 1],
    ["2.5", 1],
    ["abc", 1],
    ["9999999", 1],
  ])("reads %j as page %i", (value, page) => {
    expect(parsePage(value)).toBe(page);
  });
});

describe("paging", () => {
  it("slices rows by page and counts pages, with at least one page", () => {
    expect(paging(1, 0, 12)).toEqual({ page: 1, pageCount: 1, offset: 0, limit: 12 });
    expect(paging(3, 25, 12)).toEqual({ page: 3, pageCount: 3, offset: 24, limit: 12 });
  });
});

describe("pageWindow", () => {
  it("shows first, last and the pages near the current one, with gaps", () => {
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(6, 11)).toEqual([1, null, 4, 5, 6, 7, 8, null, 11]);
    expect(pageWindow(1, 11)).toEqual([1, 2, 3, null, 11]);
  });

  it("always includes the current, first and last page, ascending, with no two gaps in a row", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 500 }), fc.integer({ min: 1, max: 500 }), (a, b) => {
        const [page, count] = a <= b ? [a, b] : [b, a];
        const pages = pageWindow(page, count);
        const numbers = pages.filter((n): n is number => n !== null);
        expect(numbers).toContain(page);
        expect(numbers[0]).toBe(1);
        expect(numbers.at(-1)).toBe(count);
        expect([...numbers].sort((x, y) => x - y)).toEqual(numbers);
        pages.forEach((n, i) => expect(n === null && pages[i + 1] === null).toBe(false));
      }),
    );
  });
});
