import { Migrator, sql, type Migration, type MigrationProvider } from "kysely";
import type { Db } from "./connect.ts";
import * as initial from "./migrations/001-initial.ts";

// Migrations are listed here rather than read from a folder, so bundlers and tests see them all.
const MIGRATIONS: Record<string, Migration> = {
  "001-initial": initial,
};

const provider: MigrationProvider = { getMigrations: async () => MIGRATIONS };

/** Brings the schema up to date; throws with the failing migration's name. */
export async function migrate(db: Db): Promise<void> {
  const migrator = new Migrator({ db: db.kysely, provider });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === "Error")?.migrationName ?? "unknown";
    throw new Error(
      `migration ${failed} failed: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  if (db.dialect === "sqlite") await ensureSearchIndex(db);
}

// FTS5 is SQLite-only, so its virtual table lives outside the portable migrations.
async function ensureSearchIndex(db: Db): Promise<void> {
  await sql`CREATE VIRTUAL TABLE IF NOT EXISTS search_index USING fts5(
    Kind UNINDEXED, Ref UNINDEXED, Title, Body, tokenize = 'porter unicode61 remove_diacritics 2'
  )`.execute(db.kysely);
}
