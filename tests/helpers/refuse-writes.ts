import { sql } from "kysely";
import type { Db } from "../../src/db/connect.ts";

// A database that refuses one kind of write to one table, as a full disk or a lock held too long
// would, while every other write goes through; or that proves a write leaves a table alone.
// A trigger does it, on SQLite and on PostgreSQL alike.

/** Makes every `operation` on `table` fail with "refused"; resolves to the function that stops it. */
export async function refuseWrites(
  db: Db,
  table: string,
  operation: "INSERT" | "UPDATE" | "DELETE",
): Promise<() => Promise<void>> {
  const name = sql.id(`refuse_${operation.toLowerCase()}_${table}`);
  const on = sql.id(table);
  const when = sql.raw(operation);
  if (db.dialect === "sqlite") {
    await sql`CREATE TRIGGER ${name} BEFORE ${when} ON ${on} BEGIN SELECT RAISE(ABORT, 'refused'); END`.execute(
      db.kysely,
    );
    return async () => void (await sql`DROP TRIGGER ${name}`.execute(db.kysely));
  }
  // One function per trigger: two calls at once (Promise.all) racing to create one shared function
  // fail on pg_proc's key, as CREATE OR REPLACE is not safe against itself.
  await sql`CREATE FUNCTION ${name}() RETURNS trigger AS $$ BEGIN RAISE EXCEPTION 'refused'; END $$ LANGUAGE plpgsql`.execute(
    db.kysely,
  );
  await sql`CREATE TRIGGER ${name} BEFORE ${when} ON ${on} FOR EACH STATEMENT EXECUTE FUNCTION ${name}()`.execute(
    db.kysely,
  );
  return async () => {
    await sql`DROP TRIGGER ${name} ON ${on}`.execute(db.kysely);
    await sql`DROP FUNCTION ${name}()`.execute(db.kysely);
  };
}
