import { describe, expect, it } from "vitest";
import { listingCount, listingPages, requestedPage } from "./listing.ts";

const at = (search: string) => new URL(`https://firm.example/list${search}`);

describe("a listing's page", () => {
  it.each([
    ["", { page: 1, offset: 0, limit: 12 }],
    ["?page=3", { page: 3, offset: 24, limit: 12 }],
    ["?page=0", { page: 1, offset: 0, limit: 12 }],
    ["?page=x&page=2", { page: 1, offset: 0, limit: 12 }],
  ])("%j asks for %j", (search, expected) => {
    expect(requestedPage(at(search), 12)).toEqual(expected);
  });

  it("knows its pages once the total is known, and when a page is past the last", () => {
    expect(listingPages(1, 0, 12)).toEqual({ pageCount: 1, isPastEnd: false });
    expect(listingPages(3, 25, 12)).toEqual({ pageCount: 3, isPastEnd: false });
    expect(listingPages(4, 25, 12)).toEqual({ pageCount: 3, isPastEnd: true });
  });

  it.each([
    [0, 1, 1, "0 articles"],
    [1, 1, 1, "1 article"],
    [12, 1, 1, "12 articles"],
    [30, 2, 3, "30 articles, page 2 of 3"],
  ])("counts %i articles on page %i of %i as %j", (total, page, pages, text) => {
    expect(listingCount(total, ["article", "articles"], page, pages)).toBe(text);
  });

  it("says one transaction, not one transactions", () => {
    expect(listingCount(1, ["transaction", "transactions"], 1, 1)).toBe("1 transaction");
    expect(listingCount(25, ["transaction", "transactions"], 3, 3)).toBe(
      "25 transactions, page 3 of 3",
    );
  });
});
