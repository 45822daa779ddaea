import { describe, expect, it } from "vitest";
import { pageCacheKey } from "./page-cache-key.ts";

describe("pageCacheKey", () => {
  it.each([
    ["/", "/"],
    ["/topics", "/topics"],
    ["/x?page=3", "/x?page=3"],
    ["/search?q=deal", null],
    ["/x?page=3&utm=1", null],
    ["/x?page=abc", null],
  ])("%s -> %s", (url, key) => {
    expect(pageCacheKey(url)).toBe(key);
  });
});
