import { describe, expect, it } from "vitest";
import { readConfig } from "./config.ts";

const SCRIPT = "https://firm.example/embed.js";
const PAGE = "https://partner.example/deals/page.html";
const read = (attributes: Record<string, string>, page = PAGE) =>
  readConfig((name) => attributes[name] ?? null, SCRIPT, page);

describe("readConfig: the placeholder's data attributes", () => {
  it("defaults to the site's own setup: /api/default on the script's origin", () => {
    expect(read({})).toEqual({
      ok: true,
      config: {
        apiBase: "https://firm.example/api/default",
        siteBase: "https://firm.example",
        transactionsSet: "transactions",
        industriesTaxonomy: "industries",
        tagsTaxonomy: "Tags",
        industriesField: "industries",
        timeZone: "UTC",
        dealUrl: null,
        industryUrl: null,
      },
    });
  });

  it("links topics relative to the page when the service shares its origin", () => {
    const result = read({}, "https://firm.example/topics");
    expect(result.ok && result.config.siteBase).toBe("");
  });

  it("reads every attribute", () => {
    const result = read({
      "data-api-base": "https://cms.firm.example/api/firm/",
      "data-transactions-set": "historicaldeals",
      "data-industries-taxonomy": "Industries",
      "data-tags-taxonomy": "Topics",
      "data-industries-field": "DealIndustries",
      "data-time-zone": "Europe/London",
      "data-deal-url": "https://firm.example/deals/{UrlName}",
      "data-industry-url": "/industries/{UrlName}",
    });
    expect(result).toEqual({
      ok: true,
      config: {
        apiBase: "https://cms.firm.example/api/firm",
        siteBase: "https://cms.firm.example",
        transactionsSet: "historicaldeals",
        industriesTaxonomy: "Industries",
        tagsTaxonomy: "Topics",
        industriesField: "DealIndustries",
        timeZone: "Europe/London",
        dealUrl: "https://firm.example/deals/{UrlName}",
        industryUrl: "/industries/{UrlName}",
      },
    });
  });

  it.each([
    ["/api/firm", "https://partner.example/api/firm"],
    ["api/firm", "https://partner.example/deals/api/firm"],
    ["//cms.example/api/x", "https://cms.example/api/x"],
    ["  https://cms.example/api/x//  ", "https://cms.example/api/x"],
  ])("resolves data-api-base=%j against the page's address", (value, apiBase) => {
    const result = read({ "data-api-base": value });
    expect(result.ok && result.config.apiBase).toBe(apiBase);
  });

  it("counts an empty attribute as absent", () => {
    const result = read({ "data-api-base": "", "data-time-zone": "  " });
    expect(result.ok && [result.config.apiBase, result.config.timeZone]).toEqual([
      "https://firm.example/api/default",
      "UTC",
    ]);
  });

  it.each([
    ["data-api-base", "http://exa mple.com/api", "is not a URL or a path"],
    ["data-api-base", "ftp://files.example/api", "is not an http(s) URL"],
    ["data-api-base", "javascript:alert(1)", "is not an http(s) URL"],
    ["data-api-base", "/api/firm?sf_culture=en", "must not have a query or a fragment"],
    ["data-api-base", "https://user:pw@cms.example/api", "must not hold a user name"],
    ["data-transactions-set", "deals/../x", "is not an entity set name"],
    ["data-transactions-set", "deals?$top=1", "is not an entity set name"],
    ["data-industries-field", "industries,Title", "is not a field name"],
    ["data-industries-taxonomy", "a\u0000b", "is not a taxonomy name"],
    ["data-time-zone", "Europe/Londn", "is not a time zone"],
    ["data-time-zone", "GMT+1", "is not a time zone"],
    ["data-deal-url", "/transactions/deal", "has no {UrlName} in it"],
    ["data-deal-url", "javascript:go('{UrlName}')", "is not an http(s) URL"],
    ["data-deal-url", "http://exa mple.com/{UrlName}", "is not a URL or a path"],
  ])("reports %s=%j, naming the attribute", (attribute, value, message) => {
    const result = read({ [attribute]: value });
    expect(result.ok).toBe(false);
    expect(!result.ok && result.problems).toEqual([expect.stringContaining(message)]);
    expect(!result.ok && result.problems[0]).toMatch(new RegExp(`^${attribute}=`));
  });

  it("reports every bad attribute at once", () => {
    const result = read({ "data-time-zone": "Mars/Olympus", "data-transactions-set": "a b" });
    expect(!result.ok && result.problems.map((p) => p.split("=")[0])).toEqual([
      "data-transactions-set",
      "data-time-zone",
    ]);
  });
});
