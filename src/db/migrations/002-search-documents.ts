import type { Kysely } from "kysely";

// What the site search reads, for both dialects: one row per article or page. SQLite indexes it
// with FTS5, PostgreSQL with a GIN index over its text (see migrate.ts).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("search_documents")
    .addColumn("Kind", "text", (c) => c.notNull())
    .addColumn("Ref", "text", (c) => c.notNull())
    .addColumn("Title", "text", (c) => c.notNull())
    .addColumn("Body", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("search_documents_pk", ["Kind", "Ref"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("search_documents").ifExists().execute();
}
