import { describe } from "vitest";
import { pageCacheKey } from "./page-cache-key.ts";
import { itReturns } from "../../../tests/helpers/table.ts";

describe("pageCacheKey", () => {
  itReturns(pageCacheKey, "%s -> %s", [
    ["/", "/"],
    ["/topics", "/topics"],
    ["/x?page=3", "/x?page=3"],
    ["/search?q=deal", null],
    ["/x?page=3&utm=1", null],
    ["/x?page=abc", null],
    // The widget's page: its filters are read in the browser, the server's page is one.
    ["/transactions?industry=healthcare", "/transactions"],
    ["/transactions?q=software&size=above&amount=50&page=2", "/transactions"],
    ["/transactions/some-deal?page=2", "/transactions/some-deal?page=2"],
  ]);
});
