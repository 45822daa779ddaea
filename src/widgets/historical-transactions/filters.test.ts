import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Filters, MatchRow } from "./filters.ts";
import {
  EMPTY_FILTERS,
  filtersFromSearchParams,
  filtersToSearchParams,
  createMatcher,
  parseAmount,
  selectAllState,
  toggleIndustry,
} from "./filters.ts";
import { itReturns } from "../../../tests/helpers/table.ts";

const HEALTH = "a0000000-0000-0000-0000-000000000002";
const TECH = "a0000000-0000-0000-0000-000000000001";

const row: MatchRow = {
  text: "sale of acme corp to a strategic buyer",
  date: "2021-03-15",
  size: 125,
  groupId: HEALTH,
};
const undisclosed: MatchRow = { ...row, size: null };
const ungrouped: MatchRow = { ...row, groupId: null };
const f = (changes: Partial<Filters>): Filters => ({ ...EMPTY_FILTERS, ...changes });

describe("createMatcher", () => {
  it.each<[string, Partial<Filters>, MatchRow, boolean]>([
    ["no filters keep everything", {}, row, true],
    ["text found in the description", { text: "Acme" }, row, true],
    ["text in another case", { text: "ACME CORP" }, row, true],
    ["text with extra spaces", { text: "  acme   corp " }, row, true],
    ["text not in the description", { text: "widget" }, row, false],
    ["same close date", { date: "2021-03-15" }, row, true],
    ["another close date", { date: "2021-03-16" }, row, false],
    ["size above a smaller amount", { amount: "100" }, row, true],
    ["size above its own amount (strict)", { amount: "125" }, row, false],
    ["size below a larger amount", { sizeRange: "below", amount: "200" }, row, true],
    ["size below its own amount (strict)", { sizeRange: "below", amount: "125" }, row, false],
    ["undisclosed size with an amount above", { amount: "0" }, undisclosed, false],
    [
      "undisclosed size with an amount below",
      { sizeRange: "below", amount: "1e9" },
      undisclosed,
      false,
    ],
    ["undisclosed size without an amount", { sizeRange: "below" }, undisclosed, true],
    ["an amount that is not a number is no filter", { amount: "abc" }, undisclosed, true],
    ["ticked group", { industries: [HEALTH] }, row, true],
    ["other group ticked", { industries: [TECH] }, row, false],
    ["one of several ticked", { industries: [TECH, HEALTH] }, row, true],
    ["no group with groups ticked", { industries: [TECH, HEALTH] }, ungrouped, false],
    ["no group with none ticked", {}, ungrouped, true],
    [
      "every filter matching together",
      { text: "buyer", date: "2021-03-15", amount: "100", industries: [HEALTH] },
      row,
      true,
    ],
    [
      "all but one filter matching",
      { text: "buyer", date: "2021-03-15", amount: "200", industries: [HEALTH] },
      row,
      false,
    ],
  ])("%s", (_, changes, target, expected) => {
    expect(createMatcher(f(changes))(target)).toBe(expected);
  });

  // An obviously-correct restatement of the rules, one condition per active filter.
  function reference(filters: Filters, target: MatchRow): boolean {
    const conditions: boolean[] = [];
    const words = filters.text.split(/\s+/).filter((w) => w !== "");
    if (words.length > 0) conditions.push(target.text.indexOf(words.join(" ").toLowerCase()) >= 0);
    if (filters.date !== "") conditions.push(target.date === filters.date);
    const amount = filters.amount.trim() === "" ? NaN : Number(filters.amount);
    if (amount >= 0) {
      if (target.size === null) conditions.push(false);
      else if (filters.sizeRange === "above") conditions.push(target.size > amount);
      else conditions.push(target.size < amount);
    }
    if (filters.industries.length > 0) {
      conditions.push(filters.industries.some((id) => id === target.groupId));
    }
    return conditions.every((c) => c);
  }

  const text = (chars: string[]) => fc.string({ unit: fc.constantFrom(...chars), maxLength: 8 });
  const dates = fc.constantFrom("2021-03-15", "2021-03-16", "2020-01-01");
  const groups = fc.constantFrom(HEALTH, TECH, "c0000000-0000-0000-0000-000000000001");
  const rows = fc.record({
    text: text(["a", "b", " "]).map((s) => s.replace(/\s+/g, " ").trim()),
    date: dates,
    size: fc.option(fc.constantFrom(0, 5, 10, 12.5, 1000)),
    groupId: fc.option(groups),
  });
  const filters = fc.record({
    text: text(["a", "B", " "]),
    date: fc.oneof(fc.constant(""), dates),
    sizeRange: fc.constantFrom("above" as const, "below" as const),
    amount: fc.constantFrom("", "0", "5", "10", "12.5", "1e3", "abc", "-1", " 7 "),
    industries: fc.uniqueArray(groups, { maxLength: 3 }),
  });

  it("agrees with a plain restatement of the rules", () => {
    fc.assert(
      fc.property(filters, rows, (fs, r) => {
        expect(createMatcher(fs)(r)).toBe(reference(fs, r));
      }),
      { numRuns: 2000 },
    );
  });

  it("never keeps more rows when a filter is added", () => {
    fc.assert(
      fc.property(filters, fc.constantFrom("a", "b"), rows, (fs, extra, r) => {
        const narrower = { ...fs, text: `${fs.text}${extra}` };
        if (createMatcher(narrower)(r)) expect(createMatcher(fs)(r)).toBe(true);
      }),
    );
  });
});

describe("parseAmount", () => {
  itReturns(parseAmount, "reads %j as %j", [
    ["", null],
    ["  ", null],
    ["0", 0],
    ["12.5", 12.5],
    [" 7 ", 7],
    ["-1", null],
    ["abc", null],
    ["Infinity", null],
  ]);
});

describe("select all", () => {
  const all = [HEALTH, TECH];

  it.each<[string[], string]>([
    [[], "none"],
    [[TECH], "some"],
    [[TECH, HEALTH], "all"],
    [["unknown"], "none"],
  ])("with %j ticked the box is %s", (selected, expected) => {
    expect(selectAllState(selected, all)).toBe(expected);
  });

  it("is clear when there are no groups", () => {
    expect(selectAllState([], [])).toBe("none");
  });

  it("keeps ticked industries in the groups' order", () => {
    expect(toggleIndustry([TECH], HEALTH, true, all)).toEqual([HEALTH, TECH]);
    expect(toggleIndustry([HEALTH, TECH], HEALTH, false, all)).toEqual([TECH]);
  });
});

describe("filters in the URL", () => {
  const params = (search: string) => new URLSearchParams(search);

  it("leaves the defaults out of the query string", () => {
    expect(filtersToSearchParams(EMPTY_FILTERS).toString()).toBe("");
  });

  it("writes every filter", () => {
    const written = filtersToSearchParams(
      f({
        text: "acme corp",
        date: "2021-03-15",
        sizeRange: "below",
        amount: "50",
        industries: ["healthcare", "technology"],
      }),
    );
    expect(written.toString()).toBe(
      "q=acme+corp&date=2021-03-15&size=below&amount=50&industry=healthcare&industry=technology",
    );
  });

  it("reads the groups by UrlName or, as links shared before have them, by Id", () => {
    expect(
      filtersFromSearchParams(params(`?industry=Energy-and-Power&industry=${HEALTH}`)).industries,
    ).toEqual(["energy-and-power", HEALTH]);
  });

  it.each([
    ["?date=2021-02-30", {}],
    ["?date=tomorrow", {}],
    ["?amount=lots", {}],
    ["?amount=-5", {}],
    ["?size=sideways", {}],
    ["?industry=<script>", {}],
    ["?industry=a%20b&industry=x%2Fy", {}],
    ["?page=2&utm_source=mail", {}],
    [`?industry=${HEALTH.toUpperCase()}&industry=${HEALTH}`, { industries: [HEALTH] }],
  ])("ignores what is invalid in %s", (search, expected) => {
    expect(filtersFromSearchParams(params(search))).toEqual(f(expected));
  });

  it("reads back what it wrote, for any valid filters", () => {
    const valid = fc.record({
      text: fc.string(),
      date: fc.oneof(
        fc.constant(""),
        fc
          .date({
            min: new Date("1900-01-01T00:00:00Z"),
            max: new Date("2999-12-31T00:00:00Z"),
            noInvalidDate: true,
          })
          .map((d) => d.toISOString().slice(0, 10)),
      ),
      sizeRange: fc.constantFrom("above" as const, "below" as const),
      amount: fc.oneof(fc.constant(""), fc.double({ min: 0, max: 1e7, noNaN: true }).map(String)),
      industries: fc.uniqueArray(fc.oneof(fc.uuid(), fc.stringMatching(/^[a-z0-9-]{1,30}$/)), {
        maxLength: 4,
      }),
    });
    fc.assert(
      fc.property(valid, (filters) => {
        expect(filtersFromSearchParams(filtersToSearchParams(filters))).toEqual(filters);
      }),
    );
  });
});
