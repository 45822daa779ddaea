import { describe, expect, it } from "vitest";
import { nextLink, serializePage } from "./serialize.ts";

describe("serializePage", () => {
  it("writes context, count, value and nextLink in that order, items keyed as the fields", () => {
    const body = serializePage({
      context: "http://x/api/default/$metadata#transactions",
      fields: ["Id", "Size", "industries"],
      rows: [{ Size: null, Id: "a", industries: ["b"], Secret: "leak?" }],
      count: 7,
      nextLink: "http://x/next",
    });
    expect(body).toBe(
      '{"@odata.context":"http://x/api/default/$metadata#transactions","@odata.count":7,' +
        '"value":[{"Id":"a","Size":null,"industries":["b"]}],"@odata.nextLink":"http://x/next"}',
    );
  });

  it("leaves out count and nextLink when there are none", () => {
    expect(serializePage({ context: "c", fields: ["Id"], rows: [] })).toBe(
      '{"@odata.context":"c","value":[]}',
    );
  });
});

describe("nextLink", () => {
  it("keeps the options, moves $skip on and reduces $top, spaces as %20", () => {
    expect(
      nextLink(
        "http://x/api/default/transactions",
        { $filter: "Company eq 'A&B'", $orderby: "Date desc", $top: "60", $skip: "5" },
        30,
        35,
      ),
    ).toBe(
      "http://x/api/default/transactions?$filter=Company%20eq%20'A%26B'&$orderby=Date%20desc&$top=35&$skip=30",
    );
    expect(nextLink("http://x/t", { $count: "true" }, 25, undefined)).toBe(
      "http://x/t?$count=true&$skip=25",
    );
  });
});
