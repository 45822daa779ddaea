import { sql, SqliteAdapter, type Kysely } from "kysely";
import { dealUrlNames } from "../../rules/deal-url-names.ts";

// Issue 20. Deals get a UrlName (their page, /transactions/{UrlName}); deals already stored get
// one from the rule an import uses (src/rules/deal-url-names.ts). The site search moves from the
// engines' own full-text indexes (SQLite FTS5, PostgreSQL tsvector) to portable tables that both
// read with the same SQL: the documents, and one row per word holding its postings (documents and
// weights, packed). The index is derived data: ensureSearchIndex (migrate.ts) and every import
// fill it.
export async function up(db: Kysely<unknown>): Promise<void> {
  const isSqlite = db.getExecutor().adapter instanceof SqliteAdapter;
  await db.schema
    .alterTable("transactions")
    .addColumn("UrlName", "text", (c) => c.notNull().defaultTo(""))
    .execute();
  const { rows } = await sql<{
    Id: string;
    Company: string;
    Date: string;
  }>`SELECT "Id", "Company", "Date" FROM transactions ORDER BY "Position"`.execute(db);
  const names = dealUrlNames(rows);
  for (const [i, row] of rows.entries()) {
    await sql`UPDATE transactions SET "UrlName" = ${names[i]} WHERE "Id" = ${row.Id}`.execute(db);
  }
  await db.schema
    .createIndex("transactions_url_name")
    .unique()
    .on("transactions")
    .column("UrlName")
    .execute();

  await sql`DROP TABLE IF EXISTS search_index`.execute(db);
  await db.schema.dropTable("search_documents").ifExists().execute();
  if (!isSqlite) await sql`DROP TEXT SEARCH CONFIGURATION IF EXISTS site_english`.execute(db);
  await db.schema
    .createTable("search_documents")
    .addColumn("Id", "integer", (c) => c.primaryKey())
    .addColumn("Kind", "text", (c) => c.notNull())
    .addColumn("Ref", "text", (c) => c.notNull())
    .addColumn("Title", "text", (c) => c.notNull())
    .addColumn("TitleKey", "text", (c) => c.notNull())
    .addColumn("Body", "text", (c) => c.notNull())
    .addColumn("Date", "text")
    .addColumn("Size", "double precision")
    .addColumn("Prior", "double precision", (c) => c.notNull())
    .addUniqueConstraint("search_documents_ref", ["Kind", "Ref"])
    .execute();
  // Postings are bytes: BLOB in SQLite, bytea in PostgreSQL.
  const bytes = isSqlite ? "blob" : "bytea";
  await db.schema
    .createTable("search_words")
    .addColumn("Word", "text", (c) => c.primaryKey())
    .addColumn("Docs", "integer", (c) => c.notNull())
    .addColumn("TitleDocs", "integer", (c) => c.notNull())
    .addColumn("Postings", bytes, (c) => c.notNull())
    .addColumn("TitlePostings", bytes, (c) => c.notNull())
    .execute();
  await db.schema
    .createTable("search_meta")
    .addColumn("Id", "integer", (c) => c.primaryKey())
    .addColumn("Version", "integer", (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ["search_meta", "search_words", "search_documents"])
    await db.schema.dropTable(table).ifExists().execute();
  await db.schema
    .createTable("search_documents")
    .addColumn("Kind", "text", (c) => c.notNull())
    .addColumn("Ref", "text", (c) => c.notNull())
    .addColumn("Title", "text", (c) => c.notNull())
    .addColumn("Body", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("search_documents_pk", ["Kind", "Ref"])
    .execute();
  await db.schema.dropIndex("transactions_url_name").ifExists().execute();
  await db.schema.alterTable("transactions").dropColumn("UrlName").execute();
}
