import { Migrator, sql, type Migration, type MigrationProvider } from "kysely";
import type { Db } from "./connect.ts";
import * as initial from "./migrations/001-initial.ts";
import * as searchDocuments from "./migrations/002-search-documents.ts";
import * as sitefinityContract from "./migrations/003-sitefinity-contract.ts";
import * as dropSearchText from "./migrations/004-drop-search-text.ts";

// Migrations are listed here rather than read from a folder, so bundlers and tests see them all.
const MIGRATIONS: Record<string, Migration> = {
  "001-initial": initial,
  "002-search-documents": searchDocuments,
  "003-sitefinity-contract": sitefinityContract,
  "004-drop-search-text": dropSearchText,
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
  await ensureSearchIndex(db);
}

// Full-text indexes are dialect-specific, so they live outside the portable migrations: an FTS5
// table in SQLite (filled on import); in PostgreSQL a stored tsvector that the database keeps up
// to date itself (a generated column: title weighted above body), with a GIN index over it, so a
// search reads the index and ranks on the stored vector instead of parsing every row's text.
async function ensureSearchIndex(db: Db): Promise<void> {
  if (db.dialect === "sqlite") {
    await sql`CREATE VIRTUAL TABLE IF NOT EXISTS search_index USING fts5(
      Kind UNINDEXED, Ref UNINDEXED, Title, Body, tokenize = 'porter unicode61 remove_diacritics 2'
    )`.execute(db.kysely);
    return;
  }
  await ensureSearchConfiguration(db);
  await sql`ALTER TABLE search_documents ADD COLUMN IF NOT EXISTS "Vector" tsvector
    GENERATED ALWAYS AS (
      setweight(to_tsvector('site_english', "Title"), 'A') ||
      setweight(to_tsvector('site_english', "Body"), 'D')
    ) STORED`.execute(db.kysely);
  await sql`CREATE INDEX IF NOT EXISTS search_documents_vector ON search_documents
    USING gin ("Vector")`.execute(db.kysely);
  // The expression index of earlier versions, which searches no longer use.
  await sql`DROP INDEX IF EXISTS search_documents_text`.execute(db.kysely);
}

/**
 * The text search configuration searches use: English stemming with accents folded (`résumé`
 * is found by `resume`, as SQLite's FTS5 finds it), through the `unaccent` extension that ships
 * with PostgreSQL (trusted: the database's owner may create it). Where it cannot be created,
 * the configuration is plain English and accents then count.
 */
async function ensureSearchConfiguration(db: Db): Promise<void> {
  const exists = await sql<{
    n: number;
  }>`SELECT count(*)::int AS n FROM pg_ts_config WHERE cfgname = 'site_english'`.execute(db.kysely);
  if ((exists.rows[0]?.n ?? 0) > 0) return;
  let hasUnaccent = true;
  try {
    await sql`CREATE EXTENSION IF NOT EXISTS unaccent`.execute(db.kysely);
  } catch {
    hasUnaccent = false;
  }
  await sql`CREATE TEXT SEARCH CONFIGURATION site_english (COPY = english)`.execute(db.kysely);
  if (hasUnaccent) {
    await sql`ALTER TEXT SEARCH CONFIGURATION site_english
      ALTER MAPPING FOR hword, hword_part, word WITH unaccent, english_stem`.execute(db.kysely);
  }
}
