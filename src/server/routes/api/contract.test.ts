import { afterAll, beforeAll, describe, expect, it } from "vitest";
import odataLibrary from "@sap_oss/odata-library";
import { xml2json } from "odata-csdl";
import type { ContentFile } from "../../../content/content-file.ts";
import { generateContent } from "../../../db/demo/generate.ts";
import { buildApiApp, get } from "../../../../tests/helpers/api-app.ts";
import { freePort } from "../../../../tools/free-port.ts";

// Sitefinity's web services contract where other clients look, since a client written for
// Sitefinity must work here unchanged. Expectations come from the content file and from
// Sitefinity's documented behaviour, never from the API's own code.

const content: ContentFile = generateContent({ transactions: 60, articles: 30 });
// Dates with fractions of a second, as Sitefinity keeps them (up to 7 digits).
content.transactions[0]!.Date = "2026-06-30T23:00:00.1234567Z";
content.transactions[1]!.Date = "2026-06-30T23:00:00.123Z";
content.articles[0]!.LastModified = "2026-11-02T10:11:12.5Z";

let api: Awaited<ReturnType<typeof buildApiApp>>;
let root: string;
beforeAll(async () => {
  const port = await freePort();
  root = `http://127.0.0.1:${port}/api/default`;
  api = await buildApiApp({ content, env: { SITE_URL: `http://127.0.0.1:${port}` } });
  await api.app.listen({ host: "127.0.0.1", port });
});
afterAll(() => api.close());

const body = async (url: string) => {
  const response = await get(api.app, url);
  expect(response.status, response.text).toBe(200);
  return response.body as { "@odata.context": string; value: Record<string, unknown>[] };
};

describe("classification fields come only when $select names them", () => {
  it("leaves industries and Tags out of a reply without $select, or with $select=*", async () => {
    for (const url of ["/api/default/transactions", "/api/default/transactions?$select=*"]) {
      const { value } = await body(url);
      expect(value).toHaveLength(content.transactions.length);
      expect(value.every((item) => !("industries" in item))).toBe(true);
    }
    const { value } = await body("/api/default/articles?$top=3");
    expect(value.every((item) => !("Tags" in item))).toBe(true);
  });

  it("sends them when named, alone or after *", async () => {
    const alone = await body("/api/default/transactions?$select=Id,%20industries");
    expect(alone.value).toEqual(
      content.transactions.map(({ Id, industries }) => ({ Id, industries })),
    );
    const all = await body("/api/default/articles?$select=*,Tags");
    expect(all.value).toEqual(content.articles);
  });

  it("still filters on them without selecting them", async () => {
    const industry = content.transactions[0]!.industries[0]!;
    const { value } = await body(
      `/api/default/transactions?$select=Id&$filter=${encodeURIComponent(`industries/any(x:x eq ${industry})`)}`,
    );
    expect(value.map((t) => t.Id)).toEqual(
      content.transactions.filter((t) => t.industries.includes(industry)).map((t) => t.Id),
    );
  });

  it("names the selected fields in the context, as OData writes it", async () => {
    const reply = await body("/api/default/transactions?$select=Company,Id&$top=1");
    expect(reply["@odata.context"]).toBe(`${root}/$metadata#transactions(Id,Company)`);
  });
});

describe("the fields Sitefinity's contract has", () => {
  it.each(["transactions", "taxonomies", "hierarchy-taxa", "flat-taxa", "articles"])(
    "gives every item of %s a LastModified date-time",
    async (set) => {
      const { value } = await body(`/api/default/${set}`);
      expect(value.length).toBeGreaterThan(0);
      for (const item of value) expect(item.LastModified).toMatch(/^\d{4}-\d\d-\d\dT[\d:.]+Z$/);
    },
  );

  it("names the set that holds a taxonomy's taxa in TaxaUrl", async () => {
    const { value } = await body("/api/default/taxonomies");
    expect(value.map((t) => [t.Name, t.TaxaUrl])).toEqual(
      content.taxonomies.map((t) => [t.Name, t.Type === 0 ? "flat-taxa" : "hierarchy-taxa"]),
    );
  });

  it("gives taxa Ordinal, Synonyms and Description, and hierarchy taxa no FullUrl", async () => {
    for (const set of ["flat-taxa", "hierarchy-taxa"]) {
      const [taxon] = (await body(`/api/default/${set}?$top=1`)).value;
      expect(Object.keys(taxon!)).toEqual(
        expect.arrayContaining(["Ordinal", "Synonyms", "Description"]),
      );
      expect(taxon).not.toHaveProperty("FullUrl");
    }
  });

  it("keeps fractions of a second, trailing zeros dropped, and filters with 7-digit literals", async () => {
    const { value } = await body("/api/default/transactions?$select=Date&$top=2");
    expect(value.map((t) => t.Date)).toEqual([
      "2026-06-30T23:00:00.1234567Z",
      "2026-06-30T23:00:00.123Z",
    ]);
    const exact = await body(
      `/api/default/transactions?$select=Id&$filter=${encodeURIComponent("Date eq 2026-06-30T23:00:00.1234567Z")}`,
    );
    expect(exact.value.map((t) => t.Id)).toEqual([content.transactions[0]!.Id]);
    const after = await body(
      `/api/default/transactions?$select=Id&$filter=${encodeURIComponent("Date gt 2026-06-30T23:00:00.123Z and Date lt 2026-07-01")}`,
    );
    expect(after.value.map((t) => t.Id)).toEqual([content.transactions[0]!.Id]);
    const articles = await body("/api/default/articles?$select=LastModified&$top=1");
    expect(articles.value[0]!.LastModified).toBe("2026-11-02T10:11:12.5Z");
  });
});

describe("the service document and $metadata", () => {
  const sets = ["transactions", "taxonomies", "hierarchy-taxa", "flat-taxa", "articles"];

  it("answers the service root with the OData service document, with and without the slash", async () => {
    for (const url of ["/api/default/", "/api/default"]) {
      const reply = await get(api.app, url);
      expect(reply.status).toBe(200);
      expect(reply.body).toEqual({
        "@odata.context": `${root}/$metadata`,
        value: sets.map((name) => ({ name, kind: "EntitySet", url: name })),
      });
    }
  });

  it("describes every entity set, its fields and their types in strict CSDL", async () => {
    const reply = await get(api.app, "/api/default/$metadata");
    expect(reply.headers["content-type"]).toBe("application/xml; charset=utf-8");
    // CSDL JSON is deeply dynamic; the checks below read it by the standard's member names.
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    const csdl = xml2json(reply.text, { strict: true }) as Record<string, Record<string, any>>;
    expect(csdl.$Version).toBe("4.0");
    const namespace = Object.keys(csdl).find((key) => !key.startsWith("$"))!;
    const container = csdl[namespace]![String(csdl.$EntityContainer).split(".").at(-1)!];
    expect(Object.keys(container).filter((k) => !k.startsWith("$"))).toEqual(sets);
    const type = (set: string) => csdl[namespace]![String(container[set].$Type).split(".").at(-1)!];
    const transaction = type("transactions");
    expect(transaction.$Key).toEqual(["Id"]);
    expect(transaction.Id.$Type).toBe("Edm.Guid");
    expect(transaction.Date.$Type).toBe("Edm.DateTimeOffset");
    expect(transaction.Size.$Nullable).toBe(true);
    // Optional short text: CSDL JSON leaves out $Type for Edm.String, its default.
    for (const name of ["Counterparty", "Service"])
      expect(transaction[name], name).toEqual({ $Nullable: true });
    expect(transaction.industries).toMatchObject({ $Collection: true, $Type: "Edm.Guid" });
    expect(type("articles").Tags).toMatchObject({ $Collection: true, $Type: "Edm.Guid" });
    expect(type("hierarchy-taxa")).not.toHaveProperty("FullUrl");
    expect(type("hierarchy-taxa").ParentId.$Type).toBe("Edm.Guid");
    for (const set of sets) expect(type(set).LastModified.$Type).toBe("Edm.DateTimeOffset");
  });

  it("lets a generic OData client discover the sets through $metadata and read the feed", async () => {
    interface Query {
      select(...fields: string[]): Query;
      filter(filter: string): Query;
      top(n: number): Query;
      get(): Promise<Record<string, unknown>[]>;
    }
    interface Client {
      init: Promise<unknown>;
      defaultSchema: {
        getEntityContainer(): {
          entitySets: {
            name: string;
            entityType: {
              key: { name: string }[];
              properties: {
                name: string;
                type: {
                  namespaceQualifiedName?: string;
                  elementType?: { namespaceQualifiedName: string };
                };
              }[];
            };
          }[];
        };
      };
      entitySets: Record<string, Query>;
    }
    const quiet = { trace() {}, debug() {}, info() {}, log() {}, warn() {}, error() {} };
    const client = new odataLibrary.Service({
      url: `${root}/`,
      auth: { type: "none" },
      logger: quiet,
    }) as unknown as Client;
    await client.init;

    const discovered = client.defaultSchema.getEntityContainer().entitySets;
    expect(discovered.map((set) => set.name)).toEqual(sets);
    const transactions = discovered.find((set) => set.name === "transactions")!;
    expect(transactions.entityType.key.map((k) => k.name)).toEqual(["Id"]);
    const types = Object.fromEntries(
      transactions.entityType.properties.map((p) => [
        p.name,
        p.type.elementType
          ? `Collection(${p.type.elementType.namespaceQualifiedName})`
          : p.type.namespaceQualifiedName,
      ]),
    );
    expect(types).toMatchObject({
      Id: "Edm.Guid",
      Date: "Edm.DateTimeOffset",
      industries: "Collection(Edm.Guid)",
    });

    const company = content.transactions[5]!.Company;
    const rows = await client.entitySets
      .transactions!.select("Id", "Company")
      .filter(`Company eq '${company.replaceAll("'", "''")}'`)
      .top(5)
      .get();
    expect(rows).toEqual(
      content.transactions
        .filter((t) => t.Company === company)
        .slice(0, 5)
        .map(({ Id, Company }) => ({ Id, Company })),
    );
  });
});
