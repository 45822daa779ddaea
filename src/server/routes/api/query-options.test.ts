import { describe, expect, it } from "vitest";
import type { Article } from "../../../content/article.ts";
import { ROOT_PARENT_ID } from "../../../rules/taxonomies.ts";
import type { FlatTaxon, HierarchyTaxon } from "../../../content/taxon.ts";
import type { Transaction } from "../../../content/transaction.ts";
import {
  TEST_SITE_URL,
  apiTestContent,
  apiAppForFile,
  get,
  servedArticles,
  servedTransactions,
} from "../../../../tests/helpers/api-app.ts";

// Every expectation below is computed from the content file in plain TypeScript.
const content = apiTestContent();
// A deal as the read API holds it: the deal team is the site's own, not a field the API serves.
const T = content.transactions.map(({ DealTeam: _team, ...deal }) => deal);
const A = content.articles;
const api = apiAppForFile({ content });

const list = async (entity: string, query: string) => {
  const response = await get(api().app, `/api/default/${entity}${query ? `?${query}` : ""}`);
  expect(response.status, response.text).toBe(200);
  return response.body as { value: Record<string, unknown>[]; "@odata.count"?: number };
};
const filterQuery = (filter: string) => `$filter=${encodeURIComponent(filter)}`;

/** A date-time with 7 fractional digits, so that text order is time order (`.5Z` sorts before `Z`). */
const fixed = (dateTime = "") =>
  dateTime.replace(/(?:\.(\d+))?Z$/, (_m, digits: string = "") => `.${digits.padEnd(7, "0")}Z`);

/** A deal's Counterparty and Service as the API writes them: null where the deal has none. */
const recorded = (x: Transaction) => ({
  Counterparty: x.Counterparty ?? null,
  Service: x.Service ?? null,
});

type Key<R> = [keyof R, "asc" | "desc"];
/** A stable sort (import order breaks ties), nulls first ascending, by code unit as SQLite does. */
function sorted<R>(rows: R[], ...keys: Key<R>[]): R[] {
  return [...rows].sort((a, b) => {
    for (const [key, direction] of keys) {
      const [x, y] = [a[key], b[key]] as [unknown, unknown];
      if (x === y) continue;
      const less = x === null || (y !== null && (x as string | number) < (y as string | number));
      return (less ? -1 : 1) * (direction === "asc" ? 1 : -1);
    }
    return 0;
  });
}

const t = T[5] as Transaction;
const industry = (T.find((x) => x.industries.length > 1) as Transaction).industries[1] as string;
const tag = (A[0] as Article).Tags[0] as string;
/** A deal edited at a time with a fraction of a second, and the instant one tick (100 ns) later. */
const edited = (T.find((x) => x.LastModified?.includes(".")) as Transaction).LastModified as string;
const tickLater = fixed(edited).replace(/0Z$/, "1Z");
const transactionCases: [string, (x: Transaction) => boolean][] = [
  [`Company eq '${t.Company}'`, (x) => x.Company === t.Company],
  [`Company ne '${t.Company}'`, (x) => x.Company !== t.Company],
  ["Company eq 'O''Brien & Sons 100% Ltd'", (x) => x.Company === "O'Brien & Sons 100% Ltd"],
  ["Company gt 'M'", (x) => x.Company > "M"],
  ["Company le 'F'", (x) => x.Company <= "F"],
  [`Id eq ${t.Id.toUpperCase()}`, (x) => x.Id === t.Id],
  [`Id ne ${t.Id}`, (x) => x.Id !== t.Id],
  ["Size gt 100", (x) => x.Size !== null && x.Size > 100],
  ["Size ge 50.5", (x) => x.Size !== null && x.Size >= 50.5],
  ["Size lt 40", (x) => x.Size !== null && x.Size < 40],
  ["Size le 40", (x) => x.Size !== null && x.Size <= 40],
  [
    `Size eq ${T.find((x) => x.Size !== null)?.Size}`,
    (x) => x.Size === T.find((y) => y.Size !== null)?.Size,
  ],
  ["Size ne 0", (x) => x.Size !== 0],
  ["Size eq null", (x) => x.Size === null],
  ["Size ne null", (x) => x.Size !== null],
  ["not (Size gt 100)", (x) => !(x.Size !== null && x.Size > 100)],
  ["Size gt null", () => false],
  [`Date eq ${t.Date.slice(0, 10)}`, (x) => x.Date === t.Date],
  ["Date ge 2015-06-01T00:00:00Z", (x) => x.Date >= "2015-06-01T00:00:00Z"],
  ["Date lt 2015-06-01T02:00:00+02:00", (x) => x.Date < "2015-06-01T00:00:00Z"],
  [
    "Date gt 2012-01-01 and Date lt 2014-01-01",
    (x) => x.Date > "2012-01-01T00:00:00Z" && x.Date < "2014-01-01T00:00:00Z",
  ],
  [
    "(Size gt 1000 and Size lt 5000) or Size eq null",
    (x) => x.Size === null || (x.Size > 1000 && x.Size < 5000),
  ],
  ["not (Size eq null or Size lt 100)", (x) => !(x.Size === null || x.Size < 100)],
  ["contains(Company, 'Holdings')", (x) => x.Company.includes("Holdings")],
  ["contains(Company, 'holdings')", (x) => x.Company.includes("holdings")],
  ["contains(Company, '%')", (x) => x.Company.includes("%")],
  ["contains(Company, '_')", (x) => x.Company.includes("_")],
  ["contains(Company, 'é')", (x) => x.Company.includes("é")],
  ["startswith(Company, 'S')", (x) => x.Company.startsWith("S")],
  ["startswith(Company, 's')", (x) => x.Company.startsWith("s")],
  ["endswith(Company, 'Partners')", (x) => x.Company.endsWith("Partners")],
  ["endswith(Company, '')", () => true],
  ["contains(tolower(Company), 'holdings')", (x) => x.Company.toLowerCase().includes("holdings")],
  [
    "toupper(Company) eq 'LOWER CASE HOLDINGS'",
    (x) => x.Company.toUpperCase() === "LOWER CASE HOLDINGS",
  ],
  ["startswith(Company, 'A') eq false", (x) => !x.Company.startsWith("A")],
  ["contains(Description, '0001')", (x) => x.Description.includes("0001")],
  [`LastModified eq ${edited}`, (x) => x.LastModified === edited],
  [`LastModified ge ${fixed(edited)}`, (x) => fixed(x.LastModified) >= fixed(edited)],
  [`LastModified gt ${tickLater}`, (x) => fixed(x.LastModified) > tickLater],
  [`LastModified lt ${tickLater}`, (x) => fixed(x.LastModified) < tickLater],
  [`industries/any(x:x eq ${industry})`, (x) => x.industries.includes(industry)],
  [
    `industries/any(i: i eq ${industry} or i eq ${t.industries[0]})`,
    (x) => x.industries.includes(industry) || x.industries.includes(t.industries[0] as string),
  ],
  [`not industries/any(x: x eq ${industry})`, (x) => !x.industries.includes(industry)],
  [
    `industries/any(x: x eq ${industry}) and Size gt 100`,
    (x) => x.industries.includes(industry) && x.Size !== null && x.Size > 100,
  ],
  ["industries/any()", (x) => x.industries.length > 0],
  ["Service eq 'Sell-Side Advisory'", (x) => x.Service === "Sell-Side Advisory"],
  ["Service ne 'Sell-Side Advisory'", (x) => x.Service !== "Sell-Side Advisory"],
  ["Service eq null", (x) => x.Service === undefined],
  [
    "(Service eq 'Capital Raising') and (Size gt 10)",
    (x) => x.Service === "Capital Raising" && x.Size !== null && x.Size > 10,
  ],
  ["contains(Counterparty, 'Capital')", (x) => x.Counterparty?.includes("Capital") === true],
  [
    "contains(tolower(Counterparty), 'capital')",
    (x) => x.Counterparty?.toLowerCase().includes("capital") === true,
  ],
  ["startswith(Counterparty, 'D''Arcy & Fils')", (x) => x.Counterparty === "D'Arcy & Fils Société"],
  ["Counterparty ne null", (x) => x.Counterparty !== undefined],
  ["true", () => true],
  ["false", () => false],
];

/** Cases whose point is to select nothing: null compares false, text comparison is case-sensitive. */
const SELECTS_NOTHING = new Set(["Size gt null", "startswith(Company, 's')", "false"]);

describe("$filter on transactions", () => {
  it.each(transactionCases)("%s", async (filter, predicate) => {
    const { value } = await list("transactions", filterQuery(filter));
    const expected = T.filter(predicate);
    // A case that matches nothing proves little, unless matching nothing is its point.
    expect(expected.length > 0, "the fixture has rows this case selects").toBe(
      !SELECTS_NOTHING.has(filter),
    );
    expect(value).toEqual(servedTransactions(expected));
    // The industries a filter reads are the ones a reply that selects them carries.
    if (filter.includes("industries")) {
      const selected = await list("transactions", `${filterQuery(filter)}&$select=*,industries`);
      expect(selected.value).toEqual(expected.map((x) => ({ ...x, ...recorded(x) })));
    }
  });
});

describe("$filter on the other entity sets", () => {
  const root = content.hierarchyTaxa.filter((x) => x.ParentId === ROOT_PARENT_ID);
  const cases: [string, string, (x: never) => boolean, unknown[]][] = [
    ["articles", `Tags/any(t: t eq ${tag})`, (x: Article) => x.Tags.includes(tag), A],
    [
      "articles",
      "PublicationDate ge 2024-01-01",
      (x: Article) => fixed(x.PublicationDate) >= "2024-01-01T00:00:00.0000000Z",
      A,
    ],
    ["articles", "contains(Content, '<h2>')", (x: Article) => x.Content.includes("<h2>"), A],
    [
      "hierarchy-taxa",
      `ParentId eq ${ROOT_PARENT_ID}`,
      (x: HierarchyTaxon) => x.ParentId === ROOT_PARENT_ID,
      content.hierarchyTaxa,
    ],
    [
      "hierarchy-taxa",
      `ParentId eq ${root[1]?.Id}`,
      (x: HierarchyTaxon) => x.ParentId === root[1]?.Id,
      content.hierarchyTaxa,
    ],
    [
      "hierarchy-taxa",
      "Ordinal ge 3 and Ordinal lt 9",
      (x: HierarchyTaxon) => x.Ordinal >= 3 && x.Ordinal < 9,
      content.hierarchyTaxa,
    ],
    [
      "flat-taxa",
      "startswith(Title, 'É')",
      (x: FlatTaxon) => x.Title.startsWith("É"),
      content.flatTaxa,
    ],
    ["flat-taxa", "Name eq Title", (x: FlatTaxon) => x.Name === x.Title, content.flatTaxa],
    ["flat-taxa", "UrlName ne Name", (x: FlatTaxon) => x.UrlName !== x.Name, content.flatTaxa],
    ["taxonomies", "Type eq 1", (x: { Type: number }) => x.Type === 1, content.taxonomies],
    [
      "taxonomies",
      "Name eq 'Tags' or TaxaUrl eq 'hierarchy-taxa'",
      (x: { Name: string; TaxaUrl: string }) => x.Name === "Tags" || x.TaxaUrl === "hierarchy-taxa",
      content.taxonomies,
    ],
    [
      "taxonomies",
      "TaxaUrl eq 'flat-taxa'",
      (x: { TaxaUrl: string }) => x.TaxaUrl === "flat-taxa",
      content.taxonomies,
    ],
  ];
  it.each(cases)("%s: %s", async (entity, filter, predicate, rows) => {
    const { value } = await list(entity, filterQuery(filter));
    const expected = (rows as never[]).filter(predicate);
    expect(expected.length, "a case that matches nothing proves little").toBeGreaterThan(0);
    expect(value).toEqual(entity === "articles" ? servedArticles(expected) : expected);
    if (entity === "articles") {
      const selected = await list(entity, `${filterQuery(filter)}&$select=*,Tags`);
      expect(selected.value).toEqual(expected);
    }
  });
});

describe("$orderby, $top, $skip, $count, $select", () => {
  it("returns every entity set in import order by default", async () => {
    expect((await list("transactions", "")).value).toEqual(servedTransactions(T));
    expect((await list("articles", "")).value).toEqual(servedArticles(A));
    expect((await list("taxonomies", "")).value).toEqual(content.taxonomies);
    expect((await list("flat-taxa", "")).value).toEqual(content.flatTaxa);
    expect((await list("hierarchy-taxa", "")).value).toEqual(content.hierarchyTaxa);
  });

  it.each<[string, Key<(typeof T)[number]>[]]>([
    ["Date desc", [["Date", "desc"]]],
    ["Date", [["Date", "asc"]]],
    ["Size", [["Size", "asc"]]],
    ["Size desc", [["Size", "desc"]]],
    [
      "Company asc, Date desc",
      [
        ["Company", "asc"],
        ["Date", "desc"],
      ],
    ],
    [
      "Description desc,Id",
      [
        ["Description", "desc"],
        ["Id", "asc"],
      ],
    ],
  ])("orders transactions by %s", async (orderBy, keys) => {
    const { value } = await list("transactions", `$orderby=${encodeURIComponent(orderBy)}`);
    expect(value).toEqual(servedTransactions(sorted(T, ...keys)));
  });

  it("orders the other sets", async () => {
    expect((await list("articles", "$orderby=PublicationDate%20desc")).value).toEqual(
      servedArticles(sorted(A, ["PublicationDate", "desc"])),
    );
    expect((await list("flat-taxa", "$orderby=Name")).value).toEqual(
      sorted(content.flatTaxa, ["Name", "asc"]),
    );
    expect((await list("hierarchy-taxa", "$orderby=Title%20desc")).value).toEqual(
      sorted(content.hierarchyTaxa, ["Title", "desc"]),
    );
  });

  it.each([
    ["$top=5", 0, 5],
    ["$skip=50", 50, undefined],
    ["$top=7&$skip=10", 10, 7],
    ["$top=0", 0, 0],
    ["$skip=1000", 1000, undefined],
  ])("pages with %s", async (query, skip, top) => {
    const { value } = await list("transactions", query);
    expect(value).toEqual(
      servedTransactions(T.slice(skip, top === undefined ? undefined : skip + top)),
    );
  });

  it("counts the filtered rows, not the page, with $count=true", async () => {
    const body = await list("transactions", `${filterQuery("Size gt 100")}&$top=3&$count=true`);
    expect(body["@odata.count"]).toBe(T.filter((x) => x.Size !== null && x.Size > 100).length);
    expect(body.value).toHaveLength(3);
    expect(Object.keys(body)).toEqual(["@odata.context", "@odata.count", "value"]);
    expect((await list("transactions", "$count=false"))["@odata.count"]).toBeUndefined();
  });

  it("answers /$count with a bare number that honours $filter", async () => {
    const response = await get(
      api().app,
      `/api/default/transactions/$count?${filterQuery("Size eq null")}`,
    );
    expect(response.headers["content-type"]).toBe("text/plain; charset=utf-8");
    expect(response.text).toBe(String(T.filter((x) => x.Size === null).length));
    expect((await get(api().app, "/api/default/articles/$count")).text).toBe(String(A.length));
  });

  it("selects fields in Sitefinity's order whatever the order asked", async () => {
    const { value } = await list("transactions", "$select=Company,%20industries, Id&$top=2");
    expect(value).toEqual(
      T.slice(0, 2).map((x) => ({ Id: x.Id, Company: x.Company, industries: x.industries })),
    );
    expect(Object.keys(value[0] as object)).toEqual(["Id", "Company", "industries"]);
    expect((await list("articles", "$select=*&$top=1")).value).toEqual(
      servedArticles(A.slice(0, 1)),
    );
    expect((await list("articles", "$select=*,Tags&$top=1")).value).toEqual(A.slice(0, 1));
  });

  it("names the selected fields in @odata.context, in the allow-list's order", async () => {
    const context = async (query: string) =>
      (await get(api().app, `/api/default/transactions?${query}`)).body["@odata.context"];
    const base = `${TEST_SITE_URL}/api/default/$metadata#transactions`;
    expect(await context("$top=1")).toBe(base);
    expect(await context("$select=Company,Id&$top=1")).toBe(`${base}(Id,Company)`);
    expect(await context("$select=*&$top=1")).toBe(
      `${base}(Id,LastModified,UrlName,Date,Company,Size,Description,Counterparty,Service)`,
    );
    expect(await context("$select=*,industries&$top=1")).toBe(
      `${base}(Id,LastModified,UrlName,Date,Company,Size,Description,Counterparty,Service,industries)`,
    );
  });

  it("serves $format=json and application/json as it serves no $format", async () => {
    const plain = await get(api().app, "/api/default/transactions?$top=3");
    for (const format of [
      "json",
      "application/json",
      "application%2Fjson%3Bodata.metadata%3Dminimal",
    ]) {
      const response = await get(api().app, `/api/default/transactions?$top=3&$format=${format}`);
      expect(response.status, format).toBe(200);
      expect(response.headers["content-type"]).toBe("application/json; charset=utf-8");
      expect(response.text).toBe(plain.text);
    }
  });

  it("writes every entity set's keys in Sitefinity's order", async () => {
    const keys = async (entity: string) =>
      Object.keys((await list(entity, "$top=1")).value[0] as object);
    expect(await keys("transactions")).toEqual([
      "Id",
      "LastModified",
      "UrlName",
      "Date",
      "Company",
      "Size",
      "Description",
      "Counterparty",
      "Service",
    ]);
    expect(await keys("taxonomies")).toEqual([
      "Id",
      "LastModified",
      "Name",
      "Title",
      "TaxaUrl",
      "TaxonName",
      "Type",
    ]);
    expect(await keys("flat-taxa")).toEqual([
      "Id",
      "LastModified",
      "Title",
      "Name",
      "UrlName",
      "Description",
      "Synonyms",
      "Ordinal",
      "TaxonomyId",
    ]);
    expect(await keys("hierarchy-taxa")).toEqual([
      ...["Id", "LastModified", "Title", "Name", "UrlName", "Description", "Synonyms"],
      ...["Ordinal", "TaxonomyId", "ParentId"],
    ]);
    expect(await keys("articles")).toEqual([
      "Id",
      "LastModified",
      "Title",
      "UrlName",
      "PublicationDate",
      "Summary",
      "Content",
    ]);
    // A classification field comes last, where the allow-list has it, when $select names it.
    const selectedKeys = async (entity: string, field: string) =>
      Object.keys((await list(entity, `$select=*,${field}&$top=1`)).value[0] as object);
    expect(await selectedKeys("transactions", "industries")).toEqual([
      ...["Id", "LastModified", "UrlName", "Date", "Company", "Size", "Description"],
      ...["Counterparty", "Service", "industries"],
    ]);
    expect(await selectedKeys("articles", "Tags")).toEqual([
      ...["Id", "LastModified", "Title", "UrlName", "PublicationDate", "Summary", "Content"],
      "Tags",
    ]);
  });

  it("combines every option at once", async () => {
    const query = `${filterQuery("Size ne null")}&$orderby=Size%20desc&$top=4&$skip=2&$count=true&$select=Id,Size`;
    const matching = sorted(
      T.filter((x) => x.Size !== null),
      ["Size", "desc"],
    );
    const body = await list("transactions", query);
    expect(body["@odata.count"]).toBe(matching.length);
    expect(body.value).toEqual(matching.slice(2, 6).map((x) => ({ Id: x.Id, Size: x.Size })));
  });
});

describe("a deal's UrlName, the address of its page", () => {
  it("is selectable and filterable, and named in $metadata", async () => {
    const deal = T[7]!;
    const prefix = deal.UrlName.split("-")[0]!;
    const { value } = await list(
      "transactions",
      `$select=Id,UrlName&${filterQuery(`UrlName eq '${deal.UrlName}'`)}`,
    );
    expect(value).toEqual([{ Id: deal.Id, UrlName: deal.UrlName }]);
    const starting = await list(
      "transactions",
      `$select=UrlName&${filterQuery(`startswith(UrlName,'${prefix}')`)}`,
    );
    expect(starting.value.map((v) => v.UrlName).sort()).toEqual(
      T.map((t) => t.UrlName)
        .filter((u) => u.startsWith(prefix))
        .sort(),
    );
    const metadata = await get(api().app, "/api/default/$metadata");
    expect(metadata.text).toMatch(
      /<EntityType Name="Transaction">[^]*?<Property Name="UrlName" Type="Edm.String"[^]*?<\/EntityType>/,
    );
  });
});

describe("a deal's Counterparty and Service", () => {
  it("are in every deal, null where the deal does not record them", async () => {
    const { value } = await list("transactions", "$select=Id,Counterparty,Service");
    expect(value).toEqual(T.map((x) => ({ Id: x.Id, ...recorded(x) })));
    expect(value.filter((v) => v.Service === null).length).toBeGreaterThan(0);
    expect(value.filter((v) => v.Service !== null).length).toBeGreaterThan(0);
  });

  it("select alone, as a client that reads only the buyer asks", async () => {
    const { value } = await list("transactions", "$select=Counterparty&$top=3");
    expect(value).toEqual(T.slice(0, 3).map((x) => ({ Counterparty: recorded(x).Counterparty })));
  });

  it("filter by the firm's service, counted", async () => {
    const body = await list(
      "transactions",
      `${filterQuery("Service eq 'Sell-Side Advisory'")}&$count=true&$select=Id,Service`,
    );
    const expected = T.filter((x) => x.Service === "Sell-Side Advisory");
    expect(expected.length).toBeGreaterThan(0);
    expect(body["@odata.count"]).toBe(expected.length);
    expect(body.value).toEqual(expected.map((x) => ({ Id: x.Id, Service: x.Service })));
  });

  it("order by service, deals without one first, as Size orders its nulls", async () => {
    const { value } = await list("transactions", "$orderby=Service,Date%20desc&$select=Id");
    const rows = T.map((x) => ({ ...x, ...recorded(x) }));
    expect(value).toEqual(
      sorted(rows, ["Service", "asc"], ["Date", "desc"]).map((x) => ({ Id: x.Id })),
    );
  });

  it("are named in $metadata as nullable strings", async () => {
    const metadata = await get(api().app, "/api/default/$metadata");
    for (const name of ["Counterparty", "Service"])
      expect(metadata.text).toMatch(
        new RegExp(
          `<EntityType Name="Transaction">[^]*?<Property Name="${name}" Type="Edm.String" Nullable="true"/>[^]*?</EntityType>`,
        ),
      );
  });
});
