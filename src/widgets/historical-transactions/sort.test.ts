import { describe, expect, it } from "vitest";
import type { SortRow } from "./sort.ts";
import {
  DEFAULT_SORT,
  nextSort,
  sortFromSearchParams,
  sortRows,
  sortToSearchParams,
} from "./sort.ts";

const row = (
  company: string,
  date: string,
  size: number | null,
  groupTitle = "",
  text = company,
) => ({
  company,
  date,
  size,
  groupTitle,
  text,
});

const ROWS: SortRow[] = [
  row("beta", "2021-03-15", 10, "Technology"),
  row("Alpha", "2022-01-01", null, "Healthcare"),
  row("gamma", "2020-06-30", 250, ""),
  row("Delta 10", "2021-03-15", 5, "Energy"),
  row("Delta 9", "2019-01-01", 10, "Healthcare"),
];
const companies = (rows: SortRow[]) => rows.map((r) => r.company);

describe("sortRows", () => {
  it("puts the newest close date first by default, ties in their original order", () => {
    expect(companies(sortRows(ROWS, DEFAULT_SORT))).toEqual([
      "Alpha",
      "beta",
      "Delta 10",
      "gamma",
      "Delta 9",
    ]);
  });

  it("sorts clients A to Z ignoring case, numbers in natural order", () => {
    expect(companies(sortRows(ROWS, { key: "client", direction: "ascending" }))).toEqual([
      "Alpha",
      "beta",
      "Delta 9",
      "Delta 10",
      "gamma",
    ]);
  });

  it("keeps undisclosed sizes last in both directions", () => {
    expect(companies(sortRows(ROWS, { key: "size", direction: "descending" }))).toEqual([
      "gamma",
      "beta",
      "Delta 9",
      "Delta 10",
      "Alpha",
    ]);
    expect(companies(sortRows(ROWS, { key: "size", direction: "ascending" })).at(-1)).toBe("Alpha");
  });

  it("keeps transactions without an industry group last", () => {
    expect(companies(sortRows(ROWS, { key: "industry", direction: "descending" }))).toEqual([
      "beta",
      "Alpha",
      "Delta 9",
      "Delta 10",
      "gamma",
    ]);
  });

  it("does not change the list it is given", () => {
    const copy = [...ROWS];
    sortRows(ROWS, { key: "client", direction: "ascending" });
    expect(ROWS).toEqual(copy);
  });
});

describe("nextSort", () => {
  it("flips the direction of the sorted column", () => {
    expect(nextSort(DEFAULT_SORT, "date")).toEqual({ key: "date", direction: "ascending" });
  });

  it("starts text columns A to Z and numbers largest first", () => {
    expect(nextSort(DEFAULT_SORT, "client")).toEqual({ key: "client", direction: "ascending" });
    expect(nextSort(DEFAULT_SORT, "size")).toEqual({ key: "size", direction: "descending" });
  });
});

describe("sort in the URL", () => {
  it("round-trips a sort and leaves the default out", () => {
    const params = new URLSearchParams();
    sortToSearchParams(DEFAULT_SORT, params);
    expect(params.toString()).toBe("");
    sortToSearchParams({ key: "size", direction: "ascending" }, params);
    expect(params.toString()).toBe("sort=size&order=asc");
    expect(sortFromSearchParams(params)).toEqual({ key: "size", direction: "ascending" });
  });

  it("falls back to the default for unknown values", () => {
    expect(sortFromSearchParams(new URLSearchParams("sort=price&order=up"))).toEqual(DEFAULT_SORT);
    expect(sortFromSearchParams(new URLSearchParams("sort=client&order=up"))).toEqual({
      key: "client",
      direction: "ascending",
    });
  });
});
