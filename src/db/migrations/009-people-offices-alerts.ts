import { createHash } from "node:crypto";
import { sql, type Kysely } from "kysely";

// The firm's people, offices and alerts, each a Sitefinity dynamic type, get tables of their own
// (they were lists inside the site settings' JSON), with a person's industries and a deal's team
// as link rows in their order. What a database held in the settings moves into the tables, so an
// upgrade loses nothing: a person's groups (by UrlName) become their industry group's Id.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("people")
    .addColumn("Id", "text", (c) => c.primaryKey())
    .addColumn("LastModified", "text", (c) => c.notNull())
    .addColumn("UrlName", "text", (c) => c.notNull())
    .addColumn("Title", "text", (c) => c.notNull())
    .addColumn("FirstName", "text")
    .addColumn("LastName", "text")
    .addColumn("JobTitle", "text")
    .addColumn("Biography", "text", (c) => c.notNull())
    .addColumn("Email", "text")
    .addColumn("Phone", "text")
    .addColumn("Photo", "text")
    .addColumn("Ordinal", "double precision")
    .addColumn("PreviousUrlNames", "text")
    .addColumn("Position", "integer", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("people_url_name").on("people").column("UrlName").execute();
  await db.schema
    .createTable("person_industries")
    .addColumn("PersonId", "text", (c) => c.notNull())
    .addColumn("TaxonId", "text", (c) => c.notNull())
    .addColumn("Position", "integer", (c) => c.notNull())
    .addPrimaryKeyConstraint("person_industries_pk", ["PersonId", "TaxonId"])
    .execute();
  await db.schema
    .createIndex("person_industries_taxon")
    .on("person_industries")
    .column("TaxonId")
    .execute();
  await db.schema
    .createTable("transaction_team")
    .addColumn("TransactionId", "text", (c) => c.notNull())
    .addColumn("PersonId", "text", (c) => c.notNull())
    .addColumn("Position", "integer", (c) => c.notNull())
    .addPrimaryKeyConstraint("transaction_team_pk", ["TransactionId", "PersonId"])
    .execute();
  await db.schema
    .createIndex("transaction_team_person")
    .on("transaction_team")
    .column("PersonId")
    .execute();
  await db.schema
    .createTable("offices")
    .addColumn("Id", "text", (c) => c.primaryKey())
    .addColumn("LastModified", "text", (c) => c.notNull())
    .addColumn("Title", "text", (c) => c.notNull())
    .addColumn("Address", "text", (c) => c.notNull())
    .addColumn("Phone", "text")
    .addColumn("Email", "text")
    .addColumn("Ordinal", "double precision")
    .addColumn("Position", "integer", (c) => c.notNull())
    .execute();
  await db.schema
    .createTable("alerts")
    .addColumn("Id", "text", (c) => c.primaryKey())
    .addColumn("LastModified", "text", (c) => c.notNull())
    .addColumn("PublicationDate", "text", (c) => c.notNull())
    .addColumn("Title", "text", (c) => c.notNull())
    .addColumn("LinkTitle", "text")
    .addColumn("LinkUrl", "text")
    .addColumn("Position", "integer", (c) => c.notNull())
    .execute();
  await moveFromSettings(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ["alerts", "offices", "transaction_team", "person_industries", "people"])
    await db.schema.dropTable(table).ifExists().execute();
}

type Row = Record<string, unknown>;
const list = (value: unknown): Row[] => (Array.isArray(value) ? (value as Row[]) : []);
/** A stable Id for an item that had none: a GUID's shape from a digest of its kind and name. */
const idFor = (kind: string, name: string) => {
  const hex = createHash("sha256").update(`${kind}\n${name}`).digest("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
};
const slug = (name: string) =>
  name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");

/** Moves the people, offices and alert of the site settings' JSON into their tables. */
async function moveFromSettings(db: Kysely<unknown>) {
  const row = await sql<{
    Value: string;
  }>`SELECT "Value" FROM "site_settings" WHERE "Key" = 'site'`.execute(db);
  const value = row.rows[0]?.Value;
  if (value === undefined) return;
  const site = JSON.parse(value) as Row;
  const now = new Date().toISOString().replace("Z", "0000Z");
  const taxa = await sql<{ Id: string; UrlName: string }>`
    SELECT "Id", "UrlName" FROM "hierarchy_taxa"`.execute(db);
  const taxonOf = new Map(taxa.rows.map((t) => [t.UrlName.toLowerCase(), t.Id]));
  for (const [Position, p] of list(site.people).entries()) {
    const name = String(p.name ?? "");
    const Id = idFor("person", name);
    await sql`INSERT INTO "people" ("Id", "LastModified", "UrlName", "Title", "JobTitle",
      "Biography", "Email", "Phone", "Photo", "Ordinal", "Position") VALUES (${Id}, ${now},
      ${slug(name)}, ${name}, ${(p.title as string | undefined) ?? null},
      ${String(p.biography ?? "")}, ${(p.email as string | undefined) ?? null},
      ${(p.phone as string | undefined) ?? null},
      ${typeof p.photo === "string" ? JSON.stringify({ Url: p.photo }) : null}, ${null},
      ${Position})`.execute(db);
    const groups = Array.isArray(p.groups) ? (p.groups as string[]) : [];
    for (const [at, group] of groups.entries()) {
      const TaxonId = taxonOf.get(group.toLowerCase());
      if (TaxonId !== undefined)
        await sql`INSERT INTO "person_industries" ("PersonId", "TaxonId", "Position")
          VALUES (${Id}, ${TaxonId}, ${at})`.execute(db);
    }
  }
  for (const [Position, o] of list(site.offices).entries()) {
    const city = String(o.city ?? "");
    const address = Array.isArray(o.address) ? (o.address as string[]).join("\n") : "";
    await sql`INSERT INTO "offices" ("Id", "LastModified", "Title", "Address", "Phone", "Email",
      "Ordinal", "Position") VALUES (${idFor("office", city)}, ${now}, ${city}, ${address},
      ${(o.phone as string | undefined) ?? null}, ${(o.email as string | undefined) ?? null},
      ${Position}, ${Position})`.execute(db);
  }
  const alert = site.alert as Row | null | undefined;
  if (alert) {
    const link = alert.link as Row | null | undefined;
    await sql`INSERT INTO "alerts" ("Id", "LastModified", "PublicationDate", "Title",
      "LinkTitle", "LinkUrl", "Position") VALUES (${idFor("alert", String(alert.id ?? ""))},
      ${now}, ${now}, ${String(alert.message ?? "")}, ${(link?.title as string | undefined) ?? null},
      ${(link?.url as string | undefined) ?? null}, 0)`.execute(db);
  }
  const rest = { ...site };
  for (const moved of ["people", "offices", "alert"]) delete rest[moved];
  await sql`UPDATE "site_settings" SET "Value" = ${JSON.stringify(rest)}
    WHERE "Key" = 'site'`.execute(db);
}
