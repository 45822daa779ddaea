import SQLite from "better-sqlite3";
import { sql } from "kysely";
import type { Db } from "./connect.ts";

// One sync at a time per database, across processes and machines (cron on two instances, the
// scheduled sync of several instances, a sync run by hand). A lock that its holder's death
// releases, so a killed sync never blocks the next one:
// - PostgreSQL: a session advisory lock, held on one pooled connection for the sync's length.
// - SQLite: an exclusive transaction on a small lock database beside the site's file
//   (`site.db-sync`). SQLite's file locks are the operating system's, dropped with the process,
//   and they hold between connections of one process too. (The site's own file cannot carry
//   it: a write lock there would block the sync's own write.)
// The site's record takes a lock of the same kind (`site.db-record`), so that one process at a
// time captures (src/server/record/): each change is captured once.
const LOCKS = { sync: 742_051_974, record: 742_051_976 } as const;

/** What a locked run gave: its value, or that another sync held the lock and nothing ran. */
export type Locked<T> = { ran: true; value: T } | { ran: false };

/** Runs `work` holding the database's sync lock, or returns at once when another sync holds it. */
export function tryWithSyncLock<T>(db: Db, work: () => Promise<T>): Promise<Locked<T>> {
  return tryWithLock(db, "sync", work);
}

/** Runs `work` holding the database's lock `name`, or returns at once when another holds it. */
export async function tryWithLock<T>(
  db: Db,
  name: keyof typeof LOCKS,
  work: () => Promise<T>,
): Promise<Locked<T>> {
  const key = LOCKS[name];
  if (db.dialect === "postgres") {
    return db.kysely.connection().execute(async (connection) => {
      const { rows } = await sql<{
        locked: boolean;
      }>`SELECT pg_try_advisory_lock(${key}) AS locked`.execute(connection);
      if (!rows[0]?.locked) return { ran: false };
      try {
        return { ran: true, value: await work() };
      } finally {
        await sql`SELECT pg_advisory_unlock(${key})`.execute(connection).catch(() => {
          // A lost connection has released the lock already.
        });
      }
    });
  }
  const lock = new SQLite(`${db.location}-${name}`, { timeout: 0 });
  try {
    try {
      lock.exec("BEGIN EXCLUSIVE");
    } catch (error) {
      if ((error as { code?: string }).code === "SQLITE_BUSY") return { ran: false };
      throw error;
    }
    return { ran: true, value: await work() };
  } finally {
    if (lock.inTransaction) lock.exec("ROLLBACK"); // and with it the lock
    lock.close();
  }
}
