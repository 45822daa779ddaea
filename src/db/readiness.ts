import { sql } from "kysely";
import type { Db } from "./connect.ts";
import { isDatabaseUnavailable } from "./errors.ts";
import { contentRevision } from "./repositories/content-repository.ts";

/** Why the site cannot serve its content, or null when it can. */
export type NotReady = string | null;

/**
 * Whether the database answers and its content is there and readable: an SQLite file passes
 * SQLite's own page-by-page check (a file damaged in the middle opens fine and fails later), the
 * content has been imported, and the site settings and articles read back.
 */
export async function contentProblem(db: Db): Promise<NotReady> {
  try {
    if (db.dialect === "sqlite") {
      const { rows } = await sql<{ quick_check: string }>`PRAGMA quick_check(1)`.execute(db.kysely);
      const verdict = rows[0]?.quick_check ?? "no answer";
      if (verdict !== "ok") return `the database file is damaged: ${verdict}`;
    }
    if ((await contentRevision(db)) === 0) return "the database holds no content";
    const [settings] = await Promise.all([
      db.kysely.selectFrom("site_settings").select("Key").where("Key", "=", "site").execute(),
      db.kysely.selectFrom("articles").select("Id").limit(1).execute(),
    ]);
    if (settings.length === 0) return "the site settings are missing";
    return null;
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return isDatabaseUnavailable(error)
      ? `the database is unreachable: ${reason}`
      : `the content cannot be read: ${reason}`;
  }
}
