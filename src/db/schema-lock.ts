import { sql } from "kysely";
import type { Db } from "./connect.ts";

// Any number of instances may start at once on one empty PostgreSQL database: the schema and the
// first content are set up under one advisory lock, so exactly one instance does it and the
// others wait, then find it done. (Kysely's own migration lock does not cover the first creation
// of its lock table, nor the seeding after it.) SQLite serialises writers itself.
const SCHEMA_LOCK = 742_051_973;

/**
 * Runs `work` while holding the database-wide schema lock (PostgreSQL), or directly (SQLite).
 * The lock is tried, not waited for in one statement, so the statement timeouts never cut the
 * wait for an instance that is still seeding.
 */
export async function withSchemaLock<T>(db: Db, work: () => Promise<T>): Promise<T> {
  if (db.dialect !== "postgres") return work();
  return db.kysely.connection().execute(async (connection) => {
    for (;;) {
      const { rows } = await sql<{
        locked: boolean;
      }>`SELECT pg_try_advisory_lock(${SCHEMA_LOCK}) AS locked`.execute(connection);
      if (rows[0]?.locked) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    try {
      return await work();
    } finally {
      await sql`SELECT pg_advisory_unlock(${SCHEMA_LOCK})`.execute(connection);
    }
  });
}
