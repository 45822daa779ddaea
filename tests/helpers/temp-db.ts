import { createHash } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import SQLite from "better-sqlite3";
import { afterAll, beforeAll } from "vitest";
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

interface Place {
  url: string;
  remove(): Promise<void>;
}

/**
 * A real database for one test file: a SQLite file in a fresh temporary folder, or (under
 * scripts/with-postgres.ts) a fresh PostgreSQL database; migrated and loaded with `content`.
 */
export async function tempDatabase(
  content: ContentFile | null = generateContent({ transactions: 60, articles: 30 }),
  { isMigrated = true }: { isMigrated?: boolean } = {},
) {
  const { db, url, remove } = POSTGRES
    ? await loaded(await createDatabase(POSTGRES), content, isMigrated)
    : await sqliteDatabase(content, isMigrated);
  return {
    db,
    url,
    async cleanup() {
      await db.close();
      await remove();
    },
  };
}

/**
 * A database holding `content` for one test file: made before its first test (and handed to
 * `use`, to build a repository over it), removed after its last. Call the function it returns
 * inside a test for the database itself.
 */
export function databaseForFile(content: ContentFile, use: (db: Db) => void = () => {}) {
  let temp: Awaited<ReturnType<typeof tempDatabase>> | undefined;
  beforeAll(async () => {
    temp = await tempDatabase(content);
    use(temp.db);
  });
  afterAll(() => temp?.cleanup());
  return () => {
    if (temp === undefined) throw new Error("the database is made in beforeAll");
    return temp.db;
  };
}

async function loaded(place: Place, content: ContentFile | null, isMigrated: boolean) {
  const db: Db = connect(place.url);
  if (isMigrated) await migrate(db);
  if (content) await replaceContent(db, content);
  return { ...place, db };
}

// Migrating and loading content took most of a small API test's time, and suites load the same
// demo content again and again: a worker loads each content once, and copies that file after.
const images = new Map<string, Buffer>();
/** Contents kept per worker; past that, the one kept longest is dropped (and loaded if asked). */
const MAX_IMAGES = 16;

async function sqliteDatabase(content: ContentFile | null, isMigrated: boolean) {
  const dir = mkdtempSync(join(tmpdir(), "site-test-"));
  const path = join(dir, "site.db");
  const place = {
    url: `file:${path}`,
    remove: async () => rmSync(dir, { recursive: true, force: true }),
  };
  const key = createHash("sha256")
    .update(`${isMigrated}\n${JSON.stringify(content)}`)
    .digest("hex");
  const image = images.get(key);
  if (image !== undefined) {
    writeFileSync(path, image);
    return { ...place, db: connect(place.url) };
  }
  const result = await loaded(place, content, isMigrated);
  // A second connection reads what the first committed, write-ahead log included.
  const reader = new SQLite(path, { readonly: true });
  try {
    images.set(key, reader.serialize());
  } finally {
    reader.close();
  }
  if (images.size > MAX_IMAGES) images.delete(images.keys().next().value as string);
  return result;
}
