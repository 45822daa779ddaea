import { describe, expect, it } from "vitest";
import { TEST_SITE_URL, apiAppForFile, get } from "../../../../tests/helpers/api-app.ts";

const api = apiAppForFile();

const G = "3f2504e0-4f89-11d3-9a0c-0305e82c3301";

describe("400 for a malformed or unsupported query, naming the offending part", () => {
  it.each([
    ["transactions?$filter=Sizee eq 1", "$filter: unknown field 'Sizee' at position 0"],
    [
      "transactions?$filter=Size eq 'x'",
      "$filter: cannot compare Size (number) with a string at position 0",
    ],
    [
      "transactions?$filter=Size eq",
      "$filter: expected a field, a literal or '(' but found the end at position 7",
    ],
    ["transactions?$filter=Company eq 'abc", "$filter: unterminated string at position 11"],
    ["transactions?$filter=(Size eq 1", "$filter: expected ')' but found the end at position 10"],
    ["transactions?$filter=Date gt 2020-02-30", "$filter: invalid date '2020-02-30' at position 8"],
    [
      "transactions?$filter=substringof('a', Company)",
      "$filter: unknown function 'substringof' at position 0",
    ],
    [
      `transactions?$filter=industries/all(x: x eq ${G})`,
      "$filter: unsupported lambda operator 'all' at position 11",
    ],
    [
      "transactions?$filter=industries eq 1",
      "$filter: industries is a collection: use industries/any(…) at position 0",
    ],
    [
      "transactions?$filter=Size",
      "$filter: expected a condition but found Size (number) at position 0",
    ],
    [
      "transactions?$filter=",
      "$filter: expected a field, a literal or '(' but found the end at position 0",
    ],
    [
      "articles?$filter=Tags/any(t: t eq 'x')",
      "$filter: cannot compare t (guid) with a string at position 12",
    ],
    ["transactions?$filter=constructor eq 1", "$filter: unknown field 'constructor' at position 0"],
    ["transactions?$filter=toString(Company) eq 'x'", "$filter: unknown function 'toString'"],
    ["transactions?$select=__proto__", "$select: unknown field '__proto__' at position 0"],
    ["transactions?$orderby=Sizee desc", "$orderby: unknown field 'Sizee' at position 0"],
    [
      "transactions?$orderby=Date sideways",
      "$orderby: expected ',' or the end but found 'sideways' at position 5",
    ],
    [
      "transactions?$orderby=industries",
      "$orderby: cannot order by the collection industries at position 0",
    ],
    ["transactions?$select=Id, Nope", "$select: unknown field 'Nope' at position 4"],
    ["taxonomies?$select=ParentId", "$select: unknown field 'ParentId' at position 0"],
    ["transactions?$top=-1", "$top: expected a whole number from 0 to 2147483647"],
    ["transactions?$top=ten", "$top: expected a whole number from 0 to 2147483647"],
    ["transactions?$skip=1.5", "$skip: expected a whole number from 0 to 2147483647"],
    ["transactions?$count=1", "$count: expected true or false"],
    [
      "transactions?$expand=Tags",
      "$expand: not supported (this API reads $filter, $orderby, $select, $top, $skip, $count, $format)",
    ],
    ["transactions?$search=deal", "$search: not supported"],
    ["transactions?$format=xml", "$format: only json is served"],
    ["transactions?$format=atom", "$format: only json is served"],
    ["transactions?$select=Id,*", "$select: unexpected character '*' at position 3"],
    ["transactions?$select=*,Tags", "$select: unknown field 'Tags' at position 2"],
    ["transactions?$top=1&$top=2", "$top: given more than once"],
    ["transactions/$count?$filter=Nope eq 1", "$filter: unknown field 'Nope' at position 0"],
  ])("%s", async (path, message) => {
    const response = await get(api().app, `/api/default/${path.replaceAll(" ", "%20")}`);
    expect(response.status).toBe(400);
    expect(response.headers["content-type"]).toBe("application/json; charset=utf-8");
    expect(response.body.error.code).toBe("BadRequest");
    expect(response.body.error.message).toContain(message);
    expect(Object.keys(response.body)).toEqual(["error"]);
    expect(response.headers["access-control-allow-origin"]).toBe("*");
  });
});

describe("404 for what is not an entity set", () => {
  it.each([
    [
      "nope",
      "no entity set 'nope' (there are transactions, taxonomies, hierarchy-taxa, flat-taxa, articles)",
    ],
    ["Transactions", "no entity set 'Transactions'"],
    ["$Metadata", "no entity set '$Metadata'"],
    [
      "transactions/extra",
      "no resource 'transactions/extra' (only transactions and transactions/$count)",
    ],
    ["transactions/$count/more", "no resource 'transactions/$count/more'"],
  ])("/api/default/%s", async (path, message) => {
    const response = await get(api().app, `/api/default/${path}`);
    expect(response.status).toBe(404);
    expect(response.body).toEqual({
      error: { code: "NotFound", message: expect.stringContaining(message) },
    });
  });

  it.each(["/api/default", "/api/default/"])(
    "answers GET %s, with no entity set, with the service document, not a 404",
    async (path) => {
      const response = await get(api().app, path);
      expect(response.status).toBe(200);
      expect(response.headers["content-type"]).toBe("application/json; charset=utf-8");
      expect(response.body["@odata.context"]).toBe(`${TEST_SITE_URL}/api/default/$metadata`);
      expect(response.body.value).toContainEqual({
        name: "transactions",
        kind: "EntitySet",
        url: "transactions",
      });
    },
  );

  it("answers GET /api/default/$metadata with the CSDL document, not a 404", async () => {
    const response = await get(api().app, "/api/default/$metadata");
    expect(response.status).toBe(200);
    expect(response.headers["content-type"]).toBe("application/xml; charset=utf-8");
    expect(response.text).toMatch(/^<\?xml /);
    expect(response.text).toContain("<edmx:Edmx");
  });

  it("answers with JSON, not with the site's 404 page, even with a bad query", async () => {
    const response = await get(api().app, "/api/default/nope?$filter=((");
    expect(response.status).toBe(404);
    expect(response.body.error.code).toBe("NotFound");
  });
});

describe("405 for methods other than GET, HEAD and OPTIONS", () => {
  it.each(["POST", "PUT", "PATCH", "DELETE"] as const)("%s", async (method) => {
    const response = await api().app.inject({
      method,
      url: "/api/default/transactions",
      headers: { "content-type": "application/xml" },
      payload: "<not-json",
    });
    expect(response.statusCode).toBe(405);
    expect(response.headers.allow).toBe("GET, HEAD, OPTIONS");
    expect(response.json()).toEqual({
      error: {
        code: "MethodNotAllowed",
        message: `${method} is not allowed; use GET, HEAD, OPTIONS`,
      },
    });
  });

  it.each(["PROPFIND", "SEARCH", "LOCK", "COPY", "MKCOL", "REPORT"] as const)(
    "%s, a method no route knows, with CORS so another site's page can read it",
    async (method) => {
      const response = await api().app.inject({ method, url: "/api/default/transactions" });
      expect(response.statusCode).toBe(405);
      expect(response.headers.allow).toBe("GET, HEAD, OPTIONS");
      expect(response.headers["access-control-allow-origin"]).toBe("*");
      expect(response.json().error.code).toBe("MethodNotAllowed");
    },
  );

  it("also for an unknown entity set", async () => {
    const response = await api().app.inject({ method: "DELETE", url: "/api/default/nope" });
    expect(response.statusCode).toBe(405);
  });
});

describe("414 for an address over 8 KiB", () => {
  it("refuses it before reading it", async () => {
    const filter = `Company eq '${"x".repeat(8200)}'`;
    const response = await get(api().app, `/api/default/transactions?$filter=${filter}`);
    expect(response.status).toBe(414);
    expect(response.body.error).toEqual({
      code: "URITooLong",
      message: "The address is longer than 8192 bytes.",
    });
  });

  it("serves one just under the limit", async () => {
    const filter = `Company eq '${"x".repeat(8100)}'`;
    const response = await get(api().app, `/api/default/transactions?$filter=${filter}`);
    expect(response.status).toBe(200);
    expect(response.body.value).toEqual([]);
  });
});
