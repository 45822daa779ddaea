import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { ContentFile } from "../../src/content/content-file.ts";
import { connect, type Db } from "../../src/db/connect.ts";
import { generateContent } from "../../src/db/demo/generate.ts";
import { migrate } from "../../src/db/migrate.ts";
import { replaceContent } from "../../src/db/repositories/content-repository.ts";

/** A real SQLite file in a fresh temporary folder, migrated and loaded with `content`. */
export async function tempDatabase(
  content: ContentFile | null = generateContent({ transactions: 60, articles: 30 }),
) {
  const dir = mkdtempSync(join(tmpdir(), "site-test-"));
  const url = `file:${join(dir, "site.db")}`;
  const db: Db = connect(url);
  await migrate(db);
  if (content) await replaceContent(db, content);
  return {
    db,
    dir,
    url,
    async cleanup() {
      await db.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
