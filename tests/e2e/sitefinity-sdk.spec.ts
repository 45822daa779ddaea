import { readFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { Page } from "@playwright/test";
import { ROOT } from "../../tools/run-script.ts";
import { expect, test } from "./fixtures.ts";

// Sitefinity's own web services SDK (its browser bundle, unchanged) reads every entity set of the
// API from a page on another origin: ordering, filters, paging, $select and counts. Each answer is
// compared with the same query sent straight to the API.

const SDK = readFileSync(
  `${ROOT}node_modules/@progress/sitefinity-webservices-sdk/dist/sitefinity-webservices-sdk.js`,
);

// The page's helper turns a JSON description of a query into the SDK's fluent calls:
// where: ["eq", field, value] | ["contains", field, value, caseSensitive?] | ["and"|"or", ...] |
// ["not", node] | ["any", node]; then select, order, take, skip, count as the SDK names them.
const PAGE = `<!doctype html><html lang="en"><head><title>Partner site</title>
<script src="/sitefinity-webservices-sdk.js"></script></head><body><script>
function where(w, node) {
  const [op, ...args] = node;
  if (["and", "or", "not", "any"].includes(op)) {
    let inner = w[op]();
    for (const child of args) inner = where(inner, child);
    return inner.done();
  }
  return w[op](...args);
}
window.sfGet = (api, entitySet, spec) => new Promise((resolve, reject) => {
  const sf = new Sitefinity.Sitefinity({ baseUrl: api + "/api/default/" });
  const data = sf.data({ entitySet, provider: "OpenAccessDataProvider", culture: "en" });
  let q = new Sitefinity.Query();
  if (spec.where) q = where(q.where(), spec.where).done();
  if (spec.select) q = q.select(...spec.select);
  if (spec.order) q = q.order(...spec.order);
  if (spec.take !== undefined) q = q.take(spec.take);
  if (spec.skip !== undefined) q = q.skip(spec.skip);
  if (spec.count !== undefined) q = q.count(spec.count);
  data.get({ query: q, successCb: resolve, failureCb: (e) => reject(new Error(JSON.stringify(e))) });
});
</script></body></html>`;

let partner: Server;
let partnerUrl: string;

test.beforeAll(async () => {
  partner = createServer((request, response) => {
    const isSdk = request.url === "/sitefinity-webservices-sdk.js";
    response.writeHead(200, {
      "content-type": isSdk ? "text/javascript; charset=utf-8" : "text/html; charset=utf-8",
    });
    response.end(isSdk ? SDK : PAGE);
  });
  await new Promise<void>((resolve) => partner.listen(0, "127.0.0.1", resolve));
  const address = partner.address();
  partnerUrl = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}/`;
});

test.afterAll(async () => {
  partner.closeAllConnections();
  await new Promise((resolve) => partner.close(resolve));
});

interface Spec {
  where?: unknown[];
  select?: string[];
  order?: string[];
  take?: number;
  skip?: number;
  count?: boolean;
}
interface Body {
  value: Record<string, unknown>[];
  "@odata.count"?: number;
}

/** Opens the partner page; returns a reader that queries through the SDK in the browser. */
async function sdkReader(page: Page, site: string) {
  const requests: { url: string; contentType?: string }[] = [];
  page.on("request", (request) => {
    if (request.url().startsWith(site)) {
      requests.push({ url: request.url(), contentType: request.headers()["content-type"] });
    }
  });
  await page.goto(partnerUrl);
  expect(new URL(partnerUrl).origin).not.toBe(new URL(site).origin);
  const read = (entitySet: string, spec: Spec = {}) =>
    page.evaluate(
      ([api, set, s]) =>
        (window as unknown as { sfGet: (...a: unknown[]) => Promise<unknown> }).sfGet(api, set, s),
      [site, entitySet, spec] as const,
    );
  return { read, requests };
}

test("Sitefinity's SDK reads every entity set from another origin", async ({
  page,
  site,
  request,
}) => {
  const { read, requests } = await sdkReader(page, site);
  const direct = async (path: string): Promise<Body> => {
    const response = await request.get(`${site}/api/default/${path}`);
    expect(response.status(), path).toBe(200);
    return (await response.json()) as Body;
  };

  // taxonomies, then hierarchy-taxa by an unquoted GUID, as the widgets do.
  const taxonomies = (await read("taxonomies", { select: ["Id", "Name"] })) as Body;
  expect(taxonomies.value).toEqual((await direct("taxonomies?$select=Id,Name")).value);
  const industries = taxonomies.value.find((t) => t.Name === "industries")?.Id as string;
  const taxa = (await read("hierarchy-taxa", { where: ["eq", "TaxonomyId", industries] })) as Body;
  const taxaDirect = await direct(`hierarchy-taxa?$filter=TaxonomyId eq ${industries}`);
  expect(taxa.value.length).toBeGreaterThan(8);
  expect(taxa.value).toEqual(taxaDirect.value);

  // flat-taxa: ordering and paging with a count.
  const allTags = await direct("flat-taxa?$orderby=Name");
  const tagPage = (await read("flat-taxa", {
    order: ["Name asc"],
    take: 10,
    skip: 20,
    count: true,
  })) as Body;
  expect(tagPage["@odata.count"]).toBe(allTags.value.length);
  expect(tagPage.value).toEqual(allTags.value.slice(20, 30));

  // transactions: newest first, paged through 100 at a time, as a whole equals the direct read.
  // Their industries come only when $select names them, as in Sitefinity.
  const deals = await direct("transactions?$orderby=Date desc");
  expect(deals.value.every((deal) => !("industries" in deal))).toBe(true);
  const paged: Record<string, unknown>[] = [];
  for (let skip = 0; ; skip += 100) {
    const page = (await read("transactions", { order: ["Date desc"], take: 100, skip })) as Body;
    paged.push(...page.value);
    if (page.value.length < 100) break;
  }
  expect(paged).toEqual(deals.value);

  // transactions: filters the SDK writes (parenthesised, and/or/not, contains, any), with $select.
  const [a, b] = deals.value as { Company: string }[];
  const withIndustries = await direct("transactions?$select=Id,industries&$orderby=Date desc");
  const industry = (withIndustries.value[0]?.industries as string[])[0] as string;
  const cases: [Spec, string][] = [
    [{ where: ["eq", "Company", a?.Company] }, `(Company eq '${a?.Company}')`],
    [
      { where: ["or", ["eq", "Company", a?.Company], ["eq", "Company", b?.Company]] },
      `Company eq '${a?.Company}' or Company eq '${b?.Company}'`,
    ],
    [{ where: ["not", ["eq", "Company", a?.Company]] }, `not (Company eq '${a?.Company}')`],
    [{ where: ["contains", "Company", "Holdings"] }, "contains(Company,'Holdings')"],
    [
      { where: ["contains", "Company", "holdings", false] },
      "contains(tolower(Company),'holdings')",
    ],
    [{ where: ["startsWith", "Company", "A"] }, "startswith(Company,'A')"],
    [{ where: ["any", ["eq", "industries", industry]] }, `industries/any(i: i eq ${industry})`],
  ];
  for (const [spec, filter] of cases) {
    const select = ["Id", "Company", "industries"];
    const viaSdk = (await read("transactions", { ...spec, select, order: ["Date desc"] })) as Body;
    const expected = await direct(
      `transactions?$filter=${encodeURIComponent(filter)}&$select=${select}&$orderby=Date desc`,
    );
    expect(expected.value.length, filter).toBeGreaterThan(0);
    expect(viaSdk.value, filter).toEqual(expected.value);
  }

  // The /$count segment: the SDK asks for it with count(false) and reads a bare number.
  expect(await read("transactions", { count: false })).toBe(deals.value.length);
  const filtered = await read("transactions", {
    where: ["contains", "Company", "Holdings"],
    count: false,
  });
  const countResponse = await request.get(
    `${site}/api/default/transactions/$count?$filter=contains(Company,'Holdings')`,
  );
  expect(filtered).toBe(Number(await countResponse.text()));

  // articles: Tags/any, $select, $count=true.
  const articles = await direct("articles?$select=Id,Title,Tags");
  const tag = articles.value[0]?.Tags as string[];
  const tagged = (await read("articles", {
    where: ["any", ["eq", "Tags", tag[0]]],
    select: ["Id", "Title", "Tags"],
    count: true,
  })) as Body;
  const taggedDirect = await direct(
    `articles?$filter=Tags/any(t:t eq ${tag[0]})&$select=Id,Title,Tags`,
  );
  expect(tagged["@odata.count"]).toBe(taggedDirect.value.length);
  expect(tagged.value).toEqual(taggedDirect.value);

  // The SDK sent JSON Content-Type on every GET (so each was preflighted) and its sf_* parameters.
  expect(requests.length).toBeGreaterThan(10);
  for (const r of requests) {
    expect(r.contentType).toBe("application/json");
    expect(r.url).toContain("sf_provider=OpenAccessDataProvider");
    expect(r.url).toContain("sf_culture=en");
  }
});
