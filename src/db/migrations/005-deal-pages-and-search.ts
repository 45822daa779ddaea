import { sql, SqliteAdapter, type Kysely } from "kysely";
import { dealUrlNames } from "../../rules/deal-url-names.ts";

// Issue 20. Deals get a UrlName (their page, /transactions/{UrlName}); deals already stored get
// one from the rule an import uses (src/rules/deal-url-names.ts). The site search moves from the
// engines' own full-text indexes (SQLite FTS5, PostgreSQL tsvector) to portable tables that both
// read with the same SQL: documents, their words, and a weight per word and document. The index
// is derived data: it is filled by ensureSearchIndex (migrate.ts) and by every import.
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
  await db.schema
    .createTable("search_words")
    .addColumn("Word", "text", (c) => c.primaryKey())
    .addColumn("Docs", "integer", (c) => c.notNull())
    .addColumn("TitleDocs", "integer", (c) => c.notNull())
    .execute();
  // Read by word: clustered on (Word, DocId) in SQLite, so one word's postings are one range.
  await db.schema
    .createTable("search_postings")
    .addColumn("Word", "text", (c) => c.notNull())
    .addColumn("DocId", "integer", (c) => c.notNull())
    .addColumn("Weight", "double precision", (c) => c.notNull())
    .addColumn("TitleWeight", "double precision", (c) => c.notNull())
    .addPrimaryKeyConstraint("search_postings_pk", ["Word", "DocId"])
    .$call((t) => (isSqlite ? t.modifyEnd(sql`WITHOUT ROWID`) : t))
    .execute();
  await db.schema
    .createTable("search_meta")
    .addColumn("Id", "integer", (c) => c.primaryKey())
    .addColumn("Version", "integer", (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ["search_meta", "search_postings", "search_words", "search_documents"])
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
