import { sql, type Kysely } from "kysely";
import type { Db } from "./connect.ts";
import type { Database } from "./schema.ts";

// A write transaction that waits for another writer rather than failing. On SQLite a transaction
// begun as a reader (BEGIN, Kysely's) that reads and then writes fails at once with "database is
// locked" when another connection committed in between: its snapshot is stale, and no busy
// timeout can wait that out. The site has such writers in three threads (a hook's sync, the
// renditions, the record's captures), so every write that reads first is begun as the writer
// (BEGIN IMMEDIATE), and waits its turn at its start (busy_timeout). PostgreSQL's transactions
// wait on the rows they lock.

/** Runs `work` in one write transaction of `db`; commits if it resolves, else rolls back. */
export async function writeTransaction<T>(
  db: Db,
  work: (tx: Kysely<Database>) => Promise<T>,
): Promise<T> {
  if (db.dialect === "postgres") return db.kysely.transaction().execute(work);
  return db.kysely.connection().execute(async (connection) => {
    await sql`BEGIN IMMEDIATE`.execute(connection);
    try {
      const result = await work(connection);
      await sql`COMMIT`.execute(connection);
      return result;
    } catch (error) {
      await sql`ROLLBACK`.execute(connection).catch(() => {});
      throw error;
    }
  });
}
