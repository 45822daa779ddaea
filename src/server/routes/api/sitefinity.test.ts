import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { INDUSTRIES_TAXONOMY_NAME } from "../../../content/common.ts";
import { apiTestContent, buildApiApp, get } from "../../../../tests/helpers/api-app.ts";

const content = apiTestContent();
const T = content.transactions;
let api: Awaited<ReturnType<typeof buildApiApp>>;
beforeAll(async () => {
  api = await buildApiApp({ content });
});
afterAll(() => api.close());

/** The path and query a browser requests for a URL written unencoded, as Sitefinity's SDK writes it. */
const asBrowserSends = (raw: string) => {
  const url = new URL(raw, "http://site.test");
  return url.pathname + url.search;
};

describe("the four calls the widgets make", () => {
  const industries = content.taxonomies.find((t) => t.Name === INDUSTRIES_TAXONOMY_NAME);

  it("transactions?$orderby=Date desc", async () => {
    const response = await get(api.app, "/api/default/transactions?$orderby=Date%20desc");
    expect(response.status).toBe(200);
    const expected = T.map((t, i) => ({ t, i }))
      .sort((a, b) => (a.t.Date === b.t.Date ? a.i - b.i : a.t.Date < b.t.Date ? 1 : -1))
      .map(({ t }) => t);
    expect(response.body.value).toEqual(expected);
  });

  it("taxonomies", async () => {
    const response = await get(api.app, "/api/default/taxonomies");
    expect(response.body).toEqual({
      "@odata.context": "http://site.test/api/default/$metadata#taxonomies",
      value: content.taxonomies,
    });
  });

  it("hierarchy-taxa?$filter=TaxonomyId eq <guid>", async () => {
    const url = `/api/default/hierarchy-taxa?$filter=TaxonomyId%20eq%20${industries?.Id}`;
    const response = await get(api.app, url);
    const expected = content.hierarchyTaxa.filter((t) => t.TaxonomyId === industries?.Id);
    expect(expected.length).toBeGreaterThan(8);
    expect(response.body.value).toEqual(expected);
  });

  it("flat-taxa", async () => {
    expect((await get(api.app, "/api/default/flat-taxa")).body.value).toEqual(content.flatTaxa);
  });
});

describe("Sitefinity's clients, unchanged", () => {
  it("$select with spaces after commas", async () => {
    const response = await get(api.app, asBrowserSends("/api/default/articles?$select=Id, Title"));
    expect(response.body.value).toEqual(content.articles.map(({ Id, Title }) => ({ Id, Title })));
  });

  it("parenthesised comparisons joined by and/or, with quotes escaped as the SDK does", async () => {
    const [a, b] = [T[3], T[4]];
    // The SDK percent-encodes + / ? % # & inside a literal and doubles its quotes (QueryBuilder.checkType).
    const quoted = (s = "") =>
      `'${s.replace(/[+/?%#&]/g, encodeURIComponent).replaceAll("'", "''")}'`;
    const filter = `(Company eq ${quoted(a?.Company)}) or (Description eq ${quoted(b?.Description)})`;
    const response = await get(
      api.app,
      asBrowserSends(`/api/default/transactions?$filter=${filter}`),
    );
    expect(response.body.value).toEqual([a, b]);
  });

  it("x/any(x:x eq <guid>) on industries and on Tags", async () => {
    const industry = T[0]?.industries[0] as string;
    const tag = content.articles[0]?.Tags[0] as string;
    const deals = await get(
      api.app,
      asBrowserSends(`/api/default/transactions?$filter=industries/any(x:x eq ${industry})`),
    );
    expect(deals.body.value).toEqual(T.filter((t) => t.industries.includes(industry)));
    const articles = await get(
      api.app,
      asBrowserSends(`/api/default/articles?$filter=Tags/any(x:x eq ${tag})`),
    );
    expect(articles.body.value).toEqual(content.articles.filter((a) => a.Tags.includes(tag)));
  });

  it("the /$count segment, as a bare number", async () => {
    const response = await get(
      api.app,
      asBrowserSends("/api/default/transactions/$count?$filter=Size ne null"),
    );
    expect(response.text).toBe(String(T.filter((t) => t.Size !== null).length));
  });

  it("sf_culture, sf_provider and sf_site are accepted and ignored", async () => {
    const response = await get(
      api.app,
      "/api/default/transactions?sf_culture=en&sf_provider=OpenAccessDataProvider&sf_site=3f2504e0-4f89-11d3-9a0c-0305e82c3301&$top=2",
    );
    expect(response.status).toBe(200);
    expect(response.body.value).toEqual(T.slice(0, 2));
  });

  it("a JSON GET from another origin: preflight, then the read", async () => {
    const preflight = await api.app.inject({
      method: "OPTIONS",
      url: "/api/default/transactions?$top=1",
      headers: {
        origin: "https://partner.example",
        "access-control-request-method": "GET",
        "access-control-request-headers": "content-type,x-sf-service-request",
      },
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers["access-control-allow-origin"]).toBe("*");
    expect(String(preflight.headers["access-control-allow-headers"])).toMatch(
      /Content-Type.*X-SF-Service-Request/,
    );
    const response = await get(api.app, "/api/default/transactions?$top=1", {
      origin: "https://partner.example",
      "content-type": "application/json",
      "x-sf-service-request": "true",
    });
    expect(response.status).toBe(200);
    expect(response.headers["access-control-allow-origin"]).toBe("*");
  });
});
