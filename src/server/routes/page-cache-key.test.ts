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
  ]);
});
