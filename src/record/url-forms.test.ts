import { describe, expect, it } from "vitest";
import { parseHeadBlock, headBlock } from "./http-block.ts";
import { recordUrl, sameSiteUrl, targetUri } from "./url-forms.ts";

describe("site addresses as the record keeps them", () => {
  it("reads a path, a path with its query, or an absolute URL, as a browser resolves it", () => {
    expect(recordUrl("/transactions/keystone-home-co")).toBe("/transactions/keystone-home-co");
    expect(recordUrl("https://www.firm.example/transactions/x#top")).toBe("/transactions/x");
    expect(recordUrl("/api/default/transactions?$filter=Size gt 1")).toBe(
      "/api/default/transactions?$filter=Size%20gt%201",
    );
    // Percent-encoding is kept as given: `%2C` and `,` are two addresses, as a replay sees them.
    expect(recordUrl("/api/default/taxonomies?$select=Id%2CName")).toBe(
      "/api/default/taxonomies?$select=Id%2CName",
    );
    expect(recordUrl("ftp://x/y")).toBeNull();
  });

  it("follows only addresses on the same site", () => {
    expect(sameSiteUrl("next?page=2", "https://a.example/list/")).toBe("/list/next?page=2");
    expect(sameSiteUrl("https://b.example/x", "https://a.example/")).toBeNull();
    expect(sameSiteUrl("data:image/png;base64,AA", "https://a.example/")).toBeNull();
    expect(targetUri("https://a.example", "/x?y=%2C")).toBe("https://a.example/x?y=%2C");
  });
});

describe("a reply's head as a block", () => {
  it("reads back what it wrote, in order", () => {
    const block = headBlock(404, { "content-type": "text/html", "surrogate-key": "all site" });
    expect(block).toBe(
      "HTTP/1.1 404 Not Found\r\ncontent-type: text/html\r\nsurrogate-key: all site\r\n",
    );
    expect(parseHeadBlock(block)).toEqual({
      status: 404,
      reason: "Not Found",
      headers: [
        ["content-type", "text/html"],
        ["surrogate-key", "all site"],
      ],
    });
  });
});
