import { describe, expect, it } from "vitest";
import { matchesEtag, PageCache, pageCacheKey } from "./page-cache.ts";

const page = (text: string) => ({ status: 200, headers: {}, body: Buffer.from(text) });

describe("PageCache", () => {
  it("gives the same strong ETag for the same bytes and another for other bytes", () => {
    const cache = new PageCache();
    const a = cache.set("/a", page("hello"));
    expect(a.etag).toMatch(/^"[\w-]+"$/);
    expect(cache.set("/b", page("hello")).etag).toBe(a.etag);
    expect(cache.set("/c", page("hello!")).etag).not.toBe(a.etag);
  });

  it("drops the least recently used page past its entry limit", () => {
    const cache = new PageCache(2);
    cache.set("/a", page("a"));
    cache.set("/b", page("b"));
    cache.get("/a");
    cache.set("/c", page("c"));
    expect(cache.get("/b")).toBeUndefined();
    expect(cache.get("/a")?.body.toString()).toBe("a");
    expect(cache.size).toBe(2);
  });

  it("stays under its byte limit and never keeps a page larger than the limit", () => {
    const cache = new PageCache(100, 10);
    cache.set("/big", page("x".repeat(11)));
    expect(cache.get("/big")).toBeUndefined();
    cache.set("/a", page("aaaaaa"));
    cache.set("/b", page("bbbbbb"));
    expect(cache.get("/a")).toBeUndefined();
    expect(cache.size).toBe(1);
  });
});

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

describe("matchesEtag", () => {
  it("matches the tag itself, a list holding it, a weak form of it, and *", () => {
    expect(matchesEtag('"a"', '"a"')).toBe(true);
    expect(matchesEtag('"x", "a"', '"a"')).toBe(true);
    expect(matchesEtag('W/"a"', '"a"')).toBe(true);
    expect(matchesEtag("*", '"a"')).toBe(true);
    expect(matchesEtag('"b"', '"a"')).toBe(false);
    expect(matchesEtag(undefined, '"a"')).toBe(false);
  });
});
