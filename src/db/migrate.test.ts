import { Migrator, sql } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { tempDatabase } from "../../tests/helpers/temp-db.ts";
import { migrate, MIGRATIONS } from "./migrate.ts";
import { readContent } from "./repositories/content-repository.ts";
import { searchRepository } from "./repositories/search-repository.ts";
import { createSearch } from "../search/engine.ts";

let cleanup = async () => {};
afterEach(() => cleanup());

const TAGS = "cb0f3a19-a211-48a7-88ec-77495c0f5374";
const INDUSTRIES = "e5cd6d69-1543-427b-ad62-688a99f5e7d4";
const TOP = "a0000000-0000-4000-8000-000000000001";
const DEAL = "c0000000-0000-4000-8000-000000000001";
const ARTICLE = "d0000000-0000-4000-8000-000000000001";

/** A fresh database brought only to the schema before migration `next`, as an earlier version left it. */
async function databaseBefore(next: string) {
  expect(Object.keys(MIGRATIONS)).toContain(next);
  const old = Object.fromEntries(Object.entries(MIGRATIONS).filter(([name]) => name < next));
  const temp = await tempDatabase(null, { isMigrated: false });
  cleanup = temp.cleanup;
  const migrator = new Migrator({
    db: temp.db.kysely,
    provider: { getMigrations: async () => old },
  });
  expect((await migrator.migrateToLatest()).error).toBeUndefined();
  return { temp, db: temp.db.kysely };
}

describe("migrations 003 and 004: a database written before Sitefinity's contract", () => {
  it("keeps its content, in the new form: dates with fractions, LastModified, TaxaUrl, no FullUrl", async () => {
    const { temp, db } = await databaseBefore("003-sitefinity-contract");
    // As the earlier schema held them: whole-second dates, the old TaxaUrl, a FullUrl.
    await sql`INSERT INTO taxonomies VALUES
      (${TAGS}, 'Tags', 'Tags', 'tags', 'Tag', 0, 0),
      (${INDUSTRIES}, 'industries', 'Industries', 'industries', 'Industry', 1, 1)`.execute(db);
    await sql`INSERT INTO hierarchy_taxa VALUES
      (${TOP}, 'Healthcare', 'Healthcare', 'healthcare', '', '', 0, ${INDUSTRIES}, 0,
       '00000000-0000-0000-0000-000000000000', '/healthcare')`.execute(db);
    await sql`INSERT INTO transactions VALUES
      (${DEAL}, '2021-03-15T00:00:00Z', 'Acme', 12.5, 'acme', 0)`.execute(db);
    await sql`INSERT INTO transaction_industries VALUES (${DEAL}, ${TOP}, 0)`.execute(db);
    await sql`INSERT INTO articles VALUES
      (${ARTICLE}, 'On earnouts', 'on-earnouts', '2026-01-05T00:00:00Z', '<p>Why</p>',
       '<p>Because</p>', 'Why Because', 0)`.execute(db);
    await sql`INSERT INTO content_meta VALUES (1, 3, '2026-11-20T08:09:10.123Z')`.execute(db);

    await migrate(temp.db);

    const content = await readContent(temp.db);
    expect(content.taxonomies.map((t) => [t.Name, t.TaxaUrl, t.LastModified])).toEqual([
      ["Tags", "flat-taxa", "2026-11-20T08:09:10.123Z"],
      ["industries", "hierarchy-taxa", "2026-11-20T08:09:10.123Z"],
    ]);
    expect(content.hierarchyTaxa[0]).not.toHaveProperty("FullUrl");
    expect(content.transactions).toEqual([
      {
        Id: DEAL,
        Date: "2021-03-15T00:00:00Z",
        Company: "Acme",
        Size: 12.5,
        Description: "acme",
        LastModified: "2026-11-20T08:09:10.123Z",
        UrlName: "acme",
        industries: [TOP],
      },
    ]);
    const stored = await sql<{ Date: string }>`SELECT "Date" FROM transactions`.execute(db);
    expect(stored.rows[0]?.Date).toBe("2021-03-15T00:00:00.0000000Z");
    // Migration 004: the unread SearchText column is gone, the article is whole.
    expect(content.articles).toEqual([
      {
        Id: ARTICLE,
        Title: "On earnouts",
        UrlName: "on-earnouts",
        PublicationDate: "2026-01-05T00:00:00Z",
        Summary: "<p>Why</p>",
        Content: "<p>Because</p>",
        LastModified: "2026-11-20T08:09:10.123Z",
        Tags: [],
      },
    ]);
    const columns = await sql<Record<string, unknown>>`SELECT * FROM articles`.execute(db);
    expect(Object.keys(columns.rows[0]!)).not.toContain("SearchText");
  });
});

describe("migration 005: a database written before deal pages", () => {
  it("gives every deal a unique UrlName by the import's rule, and finds them in the search", async () => {
    const { temp, db } = await databaseBefore("005-deal-pages-and-search");
    const deal = (id: string, date: string, company: string, position: number) =>
      sql`INSERT INTO transactions ("Id", "Date", "Company", "Size", "Description", "Position", "LastModified")
        VALUES (${id}, ${date}, ${company}, NULL, '', ${position}, '2026-11-20T08:09:10.1230000Z')`.execute(
        db,
      );
    // Listed newest first, as an editor might keep them: the earliest still keeps the bare name.
    await deal(DEAL.replace(/1$/, "3"), "2023-05-01T00:00:00.0000000Z", "Acme Corp.", 0);
    await deal(DEAL, "2021-03-15T00:00:00.0000000Z", "Acme Corp.", 1);
    await deal(DEAL.replace(/1$/, "2"), "2022-01-01T00:00:00.0000000Z", "Zenith & Co", 2);
    await sql`INSERT INTO content_meta VALUES (1, 3, '2026-11-20T08:09:10.123Z')`.execute(db);

    await migrate(temp.db);

    const content = await readContent(temp.db);
    expect(content.transactions.map((t) => t.UrlName)).toEqual([
      "acme-corp-2023",
      "acme-corp",
      "zenith-and-co",
    ]);
    const found = await createSearch(searchRepository(temp.db)).search("zenith");
    expect(found.hits.map((h) => [h.kind, h.ref])).toEqual([["deal", "zenith-and-co"]]);
  });
});

describe("migration 006: a database written before a deal's counterparty and service", () => {
  it("keeps its deals, which read without them, and stores them for deals that have them", async () => {
    const { temp, db } = await databaseBefore("006-deal-counterparty-and-service");
    await sql`INSERT INTO transactions ("Id", "Date", "Company", "Size", "Description", "Position", "LastModified", "UrlName")
      VALUES (${DEAL}, '2021-03-15T00:00:00.0000000Z', 'Acme', 12.5, 'acme', 0,
        '2026-11-20T08:09:10.1230000Z', 'acme')`.execute(db);
    await sql`INSERT INTO content_meta VALUES (1, 3, '2026-11-20T08:09:10.123Z')`.execute(db);

    await migrate(temp.db);

    const [deal] = (await readContent(temp.db)).transactions;
    expect(deal).toMatchObject({ Id: DEAL, Company: "Acme", UrlName: "acme" });
    expect(deal).not.toHaveProperty("Counterparty");
    expect(deal).not.toHaveProperty("Service");
    await sql`UPDATE transactions SET "Counterparty" = 'Crescent Equity', "Service" = 'Sell-Side Advisory'`.execute(
      db,
    );
    expect((await readContent(temp.db)).transactions[0]).toMatchObject({
      Counterparty: "Crescent Equity",
      Service: "Sell-Side Advisory",
    });
  });
});

describe("migration 009: a database whose people, offices and alert were site settings", () => {
  it("moves them into their tables, a person's groups as their industry group's Id", async () => {
    const { temp, db } = await databaseBefore("009-people-offices-alerts");
    await sql`INSERT INTO taxonomies ("Id", "Name", "Title", "TaxaUrl", "TaxonName", "Type", "Position",
      "LastModified") VALUES (${INDUSTRIES}, 'industries', 'Industries', 'hierarchy-taxa', 'Industry',
      1, 0, '2026-11-20T08:09:10.1230000Z')`.execute(db);
    await sql`INSERT INTO hierarchy_taxa ("Id", "Title", "Name", "UrlName", "Description", "Synonyms",
      "Ordinal", "TaxonomyId", "ParentId", "Position", "LastModified")
      VALUES (${TOP}, 'Healthcare', 'Healthcare', 'healthcare', '', '', 0, ${INDUSTRIES},
        '00000000-0000-0000-0000-000000000000', 0, '2026-11-20T08:09:10.1230000Z')`.execute(db);
    const site = {
      firmName: "Firm",
      tagline: "",
      description: "",
      navigation: [],
      utilityLinks: [],
      pages: [],
      alert: {
        id: "move",
        message: "We moved.",
        link: { title: "Contact", url: "/about/contact" },
      },
      offices: [
        {
          city: "New York",
          address: ["1 Main Street", "New York, NY 10017"],
          phone: "+1 212 555 0100",
          email: "ny@firm.example",
        },
      ],
      people: [
        {
          name: "Priya Raman",
          title: "Partner",
          groups: ["healthcare", "gone"],
          email: "priya@firm.example",
          phone: "+1 415 555 0181",
          biography: "Advises physician groups.",
        },
      ],
    };
    await sql`INSERT INTO site_settings ("Key", "Value") VALUES ('site', ${JSON.stringify(site)})`.execute(
      db,
    );

    await migrate(temp.db);

    const content = await readContent(temp.db);
    expect(content.site).not.toHaveProperty("people");
    expect(content.site.firmName).toBe("Firm");
    expect(content.people).toEqual([
      expect.objectContaining({
        Title: "Priya Raman",
        UrlName: "priya-raman",
        JobTitle: "Partner",
        Email: "priya@firm.example",
        Industries: [TOP],
        Biography: "Advises physician groups.",
      }),
    ]);
    expect(content.offices).toEqual([
      expect.objectContaining({ Title: "New York", Address: "1 Main Street\nNew York, NY 10017" }),
    ]);
    expect(content.alerts).toEqual([
      expect.objectContaining({ Title: "We moved.", LinkUrl: "/about/contact" }),
    ]);
  });
});
