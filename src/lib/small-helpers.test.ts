import { describe, expect, it } from "vitest";
import { formatLongDate } from "./dates.ts";
import { formatDealSize, formatTotalValue } from "./deal-size.ts";
import { lastSegment, pagePath } from "./paths.ts";
import { articlePath, topicPath } from "../rules/site-paths.ts";
import { sitemapXml } from "./sitemap.ts";
import { itReturns } from "../../tests/helpers/table.ts";

describe("page helpers", () => {
  it("formats dates in UTC whatever the server's zone", () => {
    expect(formatLongDate("2026-03-04T00:00:00Z")).toBe("March 4, 2026");
    expect(formatLongDate("2026-12-31T23:59:59Z")).toBe("December 31, 2026");
  });

  itReturns(formatDealSize, "shows a deal size of %j as %s", [
    [null, "Undisclosed"],
    [0.4, "$0.4 million"],
    [12.25, "$12.3 million"],
    [999.9, "$999.9 million"],
    [2350, "$2.35 billion"],
  ]);

  itReturns(formatTotalValue, "states a total value of %j $MM as %s", [
    [0, "$0 million"],
    [950.4, "$950 million"],
    [418_350, "$418 billion"],
  ]);

  it("encodes UrlNames in paths and adds the page number after page 1", () => {
    expect(articlePath("a b/c")).toMatch(/\/all-articles-and-commentary\/a%20b%2Fc$/);
    expect(topicPath("x")).toMatch(/\/-in-tags\/tags\/x$/);
    expect(pagePath("/search", 1, { q: "a&b" })).toBe("/search?q=a%26b");
    expect(pagePath("/search", 3, { q: "x" })).toBe("/search?q=x&page=3");
  });

  it("reads back any UrlName from its address, reserved characters included", () => {
    for (const name of ['"><img src=x onerror=a=1>-0', "a=b&c?d#e", "100%", "économie", "a%3Db"]) {
      expect(lastSegment(new URL(articlePath(name), "http://x.test").pathname)).toBe(name);
    }
    expect(lastSegment("/x/%E0%A4%A")).toBeNull();
  });

  it("writes a sitemap with escaped absolute URLs", () => {
    const xml = sitemapXml("https://firm.example", [
      { path: "/a?b=1&c=2", lastmod: "2026-01-02T00:00:00Z" },
    ]);
    expect(xml).toContain(
      "<loc>https://firm.example/a?b=1&amp;c=2</loc><lastmod>2026-01-02</lastmod>",
    );
  });
});
