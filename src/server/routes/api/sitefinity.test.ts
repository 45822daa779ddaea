import { describe, expect, it } from "vitest";
import { INDUSTRIES_TAXONOMY_NAME, TAGS_TAXONOMY_NAME } from "../../../rules/taxonomies.ts";
import type { Transaction } from "../../../content/transaction.ts";
import {
  TEST_SITE_URL,
  apiTestContent,
  apiAppForFile,
  get,
  servedArticles,
  servedTransactions,
} from "../../../../tests/helpers/api-app.ts";

const content = apiTestContent();
const T = content.transactions;
const METADATA = `${TEST_SITE_URL}/api/default/$metadata`;
const api = apiAppForFile({ content });

/** The path and query a browser requests for a URL written unencoded, as Sitefinity's SDK writes it. */
const asBrowserSends = (raw: string) => {
  const url = new URL(raw, "http://site.test");
  return url.pathname + url.search;
};

/** An entity set's address as the widgets write it: each value percent-encoded, spaces as %20. */
const widgetCall = (set: string, options: Record<string, string>) =>
  `/api/default/${set}?${Object.entries(options)
    .map(([name, value]) => `${name}=${encodeURIComponent(value)}`)
    .join("&")}`;

describe("the four calls the widgets make", () => {
  it("transactions?$select=Id,Date,Company,Size,Description,industries&$orderby=Date desc", async () => {
    const url = widgetCall("transactions", {
      $select: "Id,Date,Company,Size,Description,industries",
      $orderby: "Date desc",
    });
    expect(url).toContain("$orderby=Date%20desc");
    const response = await get(api().app, url);
    expect(response.status).toBe(200);
    // Newest first; deals closed on the same day stay in import order.
    const expected = T.map((t, i) => ({ t, i }))
      .sort((a, b) => (a.t.Date === b.t.Date ? a.i - b.i : a.t.Date < b.t.Date ? 1 : -1))
      .map(({ t: { Id, Date, Company, Size, Description, industries } }) => ({
        Id,
        Date,
        Company,
        Size,
        Description,
        industries,
      }));
    expect(expected.some((t) => t.industries.length > 1)).toBe(true);
    expect(response.body).toEqual({
      "@odata.context": `${METADATA}#transactions(Id,Date,Company,Size,Description,industries)`,
      value: expected,
    });
  });

  it("taxonomies?$select=Id,Name", async () => {
    const response = await get(api().app, widgetCall("taxonomies", { $select: "Id,Name" }));
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      "@odata.context": `${METADATA}#taxonomies(Id,Name)`,
      value: content.taxonomies.map(({ Id, Name }) => ({ Id, Name })),
    });
  });

  // The API names the fields in the set's own order, whatever order $select gives them in.
  it.each([
    [
      "hierarchy-taxa",
      "Id,Title,ParentId,Ordinal",
      INDUSTRIES_TAXONOMY_NAME,
      "Id,Title,Ordinal,ParentId",
    ],
    ["flat-taxa", "Id,Title,Name,UrlName", TAGS_TAXONOMY_NAME, "Id,Title,Name,UrlName"],
  ])("%s?$select=%s&$filter=TaxonomyId eq <%s>", async (set, select, taxonomyName, served) => {
    const taxonomy = content.taxonomies.find((t) => t.Name === taxonomyName);
    expect(taxonomy).toBeDefined();
    const url = widgetCall(set, { $select: select, $filter: `TaxonomyId eq ${taxonomy?.Id}` });
    const response = await get(api().app, url);
    expect(response.status).toBe(200);
    const taxa: object[] = set === "flat-taxa" ? content.flatTaxa : content.hierarchyTaxa;
    const fields = served.split(",");
    const expected = taxa
      .map((t) => t as Record<string, unknown>)
      .filter((t) => t.TaxonomyId === taxonomy?.Id)
      .map((t) => Object.fromEntries(fields.map((field) => [field, t[field]])));
    expect(expected.length).toBeGreaterThan(8);
    expect(response.body).toEqual({
      "@odata.context": `${METADATA}#${set}(${served})`,
      value: expected,
    });
  });
});

describe("Sitefinity's clients, unchanged", () => {
  it("$select with spaces after commas", async () => {
    const response = await get(
      api().app,
      asBrowserSends("/api/default/articles?$select=Id, Title"),
    );
    expect(response.body.value).toEqual(content.articles.map(({ Id, Title }) => ({ Id, Title })));
  });

  it("parenthesised comparisons joined by and/or, with quotes escaped as the SDK does", async () => {
    const [a, b] = [T[3], T[4]];
    // The SDK percent-encodes + / ? % # & inside a literal and doubles its quotes (QueryBuilder.checkType).
    const quoted = (s = "") =>
      `'${s.replace(/[+/?%#&]/g, encodeURIComponent).replaceAll("'", "''")}'`;
    const filter = `(Company eq ${quoted(a?.Company)}) or (Description eq ${quoted(b?.Description)})`;
    const response = await get(
      api().app,
      asBrowserSends(`/api/default/transactions?$filter=${filter}`),
    );
    expect(response.body.value).toEqual(servedTransactions([a, b] as Transaction[]));
  });

  it("x/any(x:x eq <guid>) on industries and on Tags", async () => {
    const industry = T[0]?.industries[0] as string;
    const tag = content.articles[0]?.Tags[0] as string;
    const deals = await get(
      api().app,
      asBrowserSends(`/api/default/transactions?$filter=industries/any(x:x eq ${industry})`),
    );
    // Filtering by a classification field does not need it selected, nor put it in the reply.
    expect(deals.body.value).toEqual(
      servedTransactions(T.filter((t) => t.industries.includes(industry))),
    );
    const articles = await get(
      api().app,
      asBrowserSends(`/api/default/articles?$filter=Tags/any(x:x eq ${tag})`),
    );
    expect(articles.body.value).toEqual(
      servedArticles(content.articles.filter((a) => a.Tags.includes(tag))),
    );
  });

  it("the /$count segment, as a bare number", async () => {
    const response = await get(
      api().app,
      asBrowserSends("/api/default/transactions/$count?$filter=Size ne null"),
    );
    expect(response.text).toBe(String(T.filter((t) => t.Size !== null).length));
  });

  it("sf_culture, sf_provider and sf_site are accepted and ignored", async () => {
    const response = await get(
      api().app,
      "/api/default/transactions?sf_culture=en&sf_provider=OpenAccessDataProvider&sf_site=3f2504e0-4f89-11d3-9a0c-0305e82c3301&$top=2",
    );
    expect(response.status).toBe(200);
    expect(response.body.value).toEqual(servedTransactions(T.slice(0, 2)));
  });

  it("a JSON GET from another origin: preflight, then the read", async () => {
    const preflight = await api().app.inject({
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
    const response = await get(api().app, "/api/default/transactions?$top=1", {
      origin: "https://partner.example",
      "content-type": "application/json",
      "x-sf-service-request": "true",
    });
    expect(response.status).toBe(200);
    expect(response.headers["access-control-allow-origin"]).toBe("*");
  });
});
