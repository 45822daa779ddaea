import { Migrator, type Migration, type MigrationProvider } from "kysely";
import type { Db } from "./connect.ts";
import * as initial from "./migrations/001-initial.ts";
import * as searchDocuments from "./migrations/002-search-documents.ts";
import * as sitefinityContract from "./migrations/003-sitefinity-contract.ts";
import * as dropSearchText from "./migrations/004-drop-search-text.ts";
import * as dealPagesAndSearch from "./migrations/005-deal-pages-and-search.ts";
import * as dealCounterpartyAndService from "./migrations/006-deal-counterparty-and-service.ts";
import * as searchIndexUpdates from "./migrations/007-search-index-updates.ts";
import * as contentChanges from "./migrations/008-content-changes.ts";
import * as peopleOfficesAlerts from "./migrations/009-people-offices-alerts.ts";
import * as images from "./migrations/010-images.ts";
import * as siteRecord from "./migrations/011-site-record.ts";
import {
  rebuildSearchIndex,
  SEARCH_INDEX_VERSION,
  storedSearchIndexVersion,
} from "./repositories/search-index-repository.ts";

/**
 * Every migration by name, in order. Listed here rather than read from a folder, so bundlers and
 * tests see them all.
 */
export const MIGRATIONS: Readonly<Record<string, Migration>> = {
  "001-initial": initial,
  "002-search-documents": searchDocuments,
  "003-sitefinity-contract": sitefinityContract,
  "004-drop-search-text": dropSearchText,
  "005-deal-pages-and-search": dealPagesAndSearch,
  "006-deal-counterparty-and-service": dealCounterpartyAndService,
  "007-search-index-updates": searchIndexUpdates,
  "008-content-changes": contentChanges,
  "009-people-offices-alerts": peopleOfficesAlerts,
  "010-images": images,
  "011-site-record": siteRecord,
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

// The search index is derived from the content by the index rules; when the rules changed since
// it was built (or a migration made the tables anew), it is built again from the stored content.
async function ensureSearchIndex(db: Db): Promise<void> {
  if ((await storedSearchIndexVersion(db.kysely)) === SEARCH_INDEX_VERSION) return;
  await db.kysely.transaction().execute((tx) => rebuildSearchIndex(tx));
}
