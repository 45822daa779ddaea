import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { ContentFile } from "../../src/content/content-file.ts";
import { connect, type Db } from "../../src/db/connect.ts";
import { generateContent } from "../../src/db/demo/generate.ts";
import { migrate } from "../../src/db/migrate.ts";
import { replaceContent } from "../../src/db/repositories/content-repository.ts";
import { createDatabase } from "../../tools/postgres.ts";

/** Set by scripts/with-postgres.ts: the same suites then run on a fresh PostgreSQL database each. */
const POSTGRES = process.env.TEST_POSTGRES_URL;

/** Which database the suites run on, for the few assertions that differ. */
export const TEST_DIALECT = POSTGRES ? "postgres" : "sqlite";

/**
 * A real database for one test file: a SQLite file in a fresh temporary folder, or (under
 * scripts/with-postgres.ts) a fresh PostgreSQL database; migrated and loaded with `content`.
 */
export async function tempDatabase(
  content: ContentFile | null = generateContent({ transactions: 60, articles: 30 }),
  { isMigrated = true }: { isMigrated?: boolean } = {},
) {
  const place = POSTGRES ? await createDatabase(POSTGRES) : createSqliteFile();
  const db: Db = connect(place.url);
  if (isMigrated) await migrate(db);
  if (content) await replaceContent(db, content);
  return {
    db,
    url: place.url,
    async cleanup() {
      await db.close();
      await place.remove();
    },
  };
}

function createSqliteFile() {
  const dir = mkdtempSync(join(tmpdir(), "site-test-"));
  return {
    url: `file:${join(dir, "site.db")}`,
    remove: async () => rmSync(dir, { recursive: true, force: true }),
  };
}
