import { sql, type Kysely } from "kysely";

// Sitefinity's contract, which its clients rely on: every item carries LastModified; dates keep
// fractions of a second, stored with exactly 7 digits so that text order stays time order;
// TaxaUrl names the entity set of the taxonomy's taxa; hierarchy taxa have no FullUrl. Portable
// SQL only.
const DATED = ["taxonomies", "flat_taxa", "hierarchy_taxa", "transactions", "articles"] as const;
const EPOCH = "1970-01-01T00:00:00.0000000Z";

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const table of DATED) {
    await db.schema
      .alterTable(table)
      .addColumn("LastModified", "text", (c) => c.notNull().defaultTo(EPOCH))
      .execute();
    // Content already imported was last changed by its import (content_meta.UpdatedAt, written
    // by toISOString: milliseconds and Z).
    await sql`UPDATE ${sql.table(table)} SET "LastModified" = (
        SELECT substr("UpdatedAt", 1, 19) || '.' || substr("UpdatedAt", 21, 3) || '0000Z'
        FROM content_meta WHERE "Id" = 1)
      WHERE EXISTS (SELECT 1 FROM content_meta WHERE "Id" = 1)`.execute(db);
  }
  // `YYYY-MM-DDTHH:mm:ssZ` (20 characters) -> `YYYY-MM-DDTHH:mm:ss.0000000Z`.
  for (const [table, column] of [
    ["transactions", "Date"],
    ["articles", "PublicationDate"],
  ] as const) {
    await sql`UPDATE ${sql.table(table)} SET ${sql.ref(column)} = substr(${sql.ref(column)}, 1, 19) || '.0000000Z'
      WHERE length(${sql.ref(column)}) = 20`.execute(db);
  }
  await sql`UPDATE taxonomies SET "TaxaUrl" =
    CASE WHEN "Type" = 0 THEN 'flat-taxa' ELSE 'hierarchy-taxa' END`.execute(db);
  await db.schema.alterTable("hierarchy_taxa").dropColumn("FullUrl").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("hierarchy_taxa")
    .addColumn("FullUrl", "text", (c) => c.notNull().defaultTo(""))
    .execute();
  for (const table of DATED) await db.schema.alterTable(table).dropColumn("LastModified").execute();
}
