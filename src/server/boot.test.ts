import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { parseContentFile } from "../content/content-file.ts";
import { readContent, replaceContent } from "../db/repositories/content-repository.ts";
import { openDatabase } from "./boot.ts";
import { loadConfig } from "./config.ts";

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});
const tempFile = () => {
  const dir = mkdtempSync(join(tmpdir(), "site-boot-"));
  dirs.push(dir);
  return `file:${join(dir, "site.db")}`;
};

describe("openDatabase: the demo content", () => {
  it("goes in through the import's own path, so its export re-imports to the same bytes", async () => {
    const url = tempFile();
    const { db, isSeeded } = await openDatabase(
      loadConfig({ DATABASE_URL: url, SEED_DEMO: "true" }),
    );
    try {
      expect(isSeeded).toBe(true);
      const first = JSON.stringify(await readContent(db));
      const reread = parseContentFile(JSON.parse(first));
      expect(reread.ok).toBe(true);
      if (!reread.ok) return;
      await replaceContent(db, reread.content);
      expect(JSON.stringify(await readContent(db))).toBe(first);
    } finally {
      await db.close();
    }
  });

  it("is loaded once: a second start finds content and leaves it", async () => {
    const url = tempFile();
    const config = loadConfig({ DATABASE_URL: url, SEED_DEMO: "true" });
    const first = await openDatabase(config);
    await first.db.close();
    const second = await openDatabase(config);
    await second.db.close();
    expect([first.isSeeded, second.isSeeded]).toEqual([true, false]);
  });

  it("never fills a database named in DATABASE_URL unless SEED_DEMO=true is set", async () => {
    const url = tempFile();
    await expect(openDatabase(loadConfig({ DATABASE_URL: url }))).rejects.toThrow(
      /does not exist \(import content into it with npm run content:import, or set SEED_DEMO=true/,
    );
    // Created and migrated, but never imported into: empty.
    const created = await openDatabase(loadConfig({ DATABASE_URL: url, SEED_DEMO: "true" }));
    await created.db.kysely.deleteFrom("content_meta").execute();
    await created.db.close();
    await expect(openDatabase(loadConfig({ DATABASE_URL: url }))).rejects.toThrow(
      /holds no content/,
    );
  });
});
