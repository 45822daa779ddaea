import { sql, SqliteAdapter, type Kysely } from "kysely";

// The site's record (docs/records.md): what visitors got, kept as it was published.
// - record_entries: one hash chain, append-only: the writes (changes), the captures that keep
//   what each write made visitors get, each page or reply a capture holds, and the gaps.
// - record_payloads: each body and each header block once, by the SHA-256 of its bytes.
// - record_urls: the capture's working index (which address carried which cache tags when last
//   kept). It is not part of the record, holds nothing a verify trusts, and may change.
// The database itself refuses to change or remove an entry or a payload: triggers on both
// databases. They stop a bug, a script or a person with the site's credentials; they do not stop
// the database's owner, who can drop them (docs/records.md says what does).
export async function up(db: Kysely<unknown>): Promise<void> {
  const isSqlite = db.getExecutor().adapter instanceof SqliteAdapter;
  await db.schema
    .createTable("record_entries")
    .addColumn("Seq", "integer", (c) => c.primaryKey())
    .addColumn("Kind", "text", (c) => c.notNull())
    .addColumn("At", "text", (c) => c.notNull())
    .addColumn("Revision", "integer")
    .addColumn("Ref", "integer")
    .addColumn("Url", "text")
    .addColumn("Visible", "text")
    .addColumn("Status", "integer")
    .addColumn("HeadersDigest", "text")
    .addColumn("PayloadDigest", "text")
    .addColumn("Detail", "text")
    .addColumn("Prev", "text", (c) => c.notNull())
    .addColumn("Hash", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("record_entries_url")
    .on("record_entries")
    .columns(["Url", "Visible"])
    .execute();
  await db.schema
    .createIndex("record_entries_kind")
    .on("record_entries")
    .columns(["Kind", "Seq"])
    .execute();
  await db.schema
    .createIndex("record_entries_visible")
    .on("record_entries")
    .columns(["Visible", "Seq"])
    .execute();
  await db.schema
    .createTable("record_payloads")
    .addColumn("Digest", "text", (c) => c.primaryKey())
    .addColumn("Size", "integer", (c) => c.notNull())
    .addColumn("Coding", "text", (c) => c.notNull())
    .addColumn("Bytes", isSqlite ? "blob" : "bytea", (c) => c.notNull())
    .execute();
  await db.schema
    .createTable("record_urls")
    .addColumn("Url", "text", (c) => c.primaryKey())
    .addColumn("Tags", "text", (c) => c.notNull())
    .addColumn("Status", "integer", (c) => c.notNull())
    .addColumn("Seq", "integer", (c) => c.notNull())
    .execute();
  if (isSqlite) await sqliteTriggers(db);
  else await postgresTriggers(db);
}

const TABLES = ["record_entries", "record_payloads"] as const;

async function sqliteTriggers(db: Kysely<unknown>) {
  for (const table of TABLES) {
    const refuse = (what: string) =>
      sql.lit(`the site's record is append-only: ${what} ${table} is refused`);
    await sql`CREATE TRIGGER ${sql.id(`${table}_no_update`)} BEFORE UPDATE ON ${sql.table(table)}
      BEGIN SELECT RAISE(ABORT, ${refuse("UPDATE of")}); END`.execute(db);
    await sql`CREATE TRIGGER ${sql.id(`${table}_no_delete`)} BEFORE DELETE ON ${sql.table(table)}
      BEGIN SELECT RAISE(ABORT, ${refuse("DELETE from")}); END`.execute(db);
  }
  // INSERT OR REPLACE deletes the row it replaces without firing the delete trigger (unless
  // recursive triggers are on): an insert over an existing key is refused (an entry) or skipped
  // (a payload: the same digest is the same bytes, and a forged payload stays out).
  await sql`CREATE TRIGGER record_entries_no_replace BEFORE INSERT ON record_entries
    WHEN EXISTS (SELECT 1 FROM record_entries WHERE "Seq" = NEW."Seq")
    BEGIN SELECT RAISE(ABORT, 'the site''s record is append-only: an entry cannot be replaced'); END`.execute(
    db,
  );
  await sql`CREATE TRIGGER record_payloads_no_replace BEFORE INSERT ON record_payloads
    WHEN EXISTS (SELECT 1 FROM record_payloads WHERE "Digest" = NEW."Digest")
    BEGIN SELECT RAISE(IGNORE); END`.execute(db);
}

async function postgresTriggers(db: Kysely<unknown>) {
  await sql`CREATE FUNCTION record_refuse() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      RAISE EXCEPTION 'the site''s record is append-only: % on % is refused', TG_OP, TG_TABLE_NAME;
    END $$`.execute(db);
  for (const table of TABLES) {
    await sql`CREATE TRIGGER ${sql.id(`${table}_append_only`)}
      BEFORE UPDATE OR DELETE ON ${sql.table(table)}
      FOR EACH ROW EXECUTE FUNCTION record_refuse()`.execute(db);
    await sql`CREATE TRIGGER ${sql.id(`${table}_no_truncate`)}
      BEFORE TRUNCATE ON ${sql.table(table)}
      FOR EACH STATEMENT EXECUTE FUNCTION record_refuse()`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  // Dropping the tables drops their triggers with them.
  await db.schema.dropTable("record_urls").ifExists().execute();
  for (const table of TABLES) await db.schema.dropTable(table).ifExists().execute();
  if (!(db.getExecutor().adapter instanceof SqliteAdapter))
    await sql`DROP FUNCTION IF EXISTS record_refuse()`.execute(db);
}
