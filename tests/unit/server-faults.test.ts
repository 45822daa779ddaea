import {
  closeSync,
  cpSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  rmSync,
  statSync,
  writeFileSync,
  writeSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generateContent } from "../../src/db/demo/generate.ts";
import { ROOT, runScriptAsync } from "../../tools/run-script.ts";
import { untilRendered } from "../helpers/renditions.ts";
import { startExpectingFailure, startServer } from "../../tools/server-process.ts";

/**
 * The content revision a site's SQLite file holds. A running site drops its cached replies only
 * when the revision moves, so an unchanged revision means it goes on serving what it served.
 */
function revisionIn(path: string): number {
  const sqlite = new Database(path, { readonly: true });
  try {
    const row = sqlite.prepare("SELECT Revision FROM content_meta WHERE Id = 1").get();
    return (row as { Revision: number }).Revision;
  } finally {
    sqlite.close();
  }
}

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "site-faults-"));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("the server on a bad database", () => {
  it.each([
    [
      "a corrupt file",
      () => {
        const path = join(dir, "corrupt.db");
        writeFileSync(path, Buffer.alloc(8192, 0x5a));
        return { path, env: {} };
      },
      "not a valid SQLite database",
    ],
    [
      "a missing file when demo seeding is off",
      () => ({ path: join(dir, "missing.db"), env: { SEED_DEMO: "false" } }),
      "does not exist",
    ],
    [
      "a missing file it was told to use (a mistyped path), with seeding left unset",
      () => ({ path: join(dir, "mistyped.db"), env: {} }),
      "does not exist",
    ],
    [
      "a folder where the file should be",
      () => {
        const path = join(dir, "folder.db");
        mkdirSync(path);
        return { path, env: {} };
      },
      "cannot be read",
    ],
  ])(
    "stops on %s with one clear line naming the file, and exit code 1",
    async (_name, make, reason) => {
      const { path, env } = make();
      const { code, output } = await startExpectingFailure({
        DATABASE_URL: `file:${path}`,
        ...env,
      });
      expect(code).toBe(1);
      const lines = output.trim().split("\n");
      expect(lines).toHaveLength(1);
      expect(lines[0]).toContain(path);
      expect(lines[0]).toContain(reason);
      expect(output).not.toMatch(/\n\s+at /);
    },
    40_000,
  );

  it("stops on a bad setting with one line naming it", async () => {
    const { code, output } = await startExpectingFailure({
      PORT: "not-a-port",
      DATABASE_URL: `file:${join(dir, "x.db")}`,
    });
    expect(code).toBe(1);
    expect(output.trim()).toMatch(/^site failed to start: invalid environment: PORT: /);
  }, 40_000);
});

describe("a database file damaged in the middle", () => {
  it("keeps /healthz (the process lives) but fails /readyz with the reason", async () => {
    const path = join(dir, "damaged.db");
    const seeded = await startServer({ DATABASE_URL: `file:${path}`, SEED_DEMO: "true" });
    await seeded.stop();
    // Overwrite pages in the middle of the file, well past the schema at its start.
    const size = statSync(path).size;
    const fd = openSync(path, "r+");
    writeSync(fd, Buffer.alloc(64 * 1024, 0x5a), 0, 64 * 1024, Math.floor(size / 2));
    closeSync(fd);
    const server = await startServer({ DATABASE_URL: `file:${path}` });
    try {
      expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
      const ready = await fetch(`${server.url}/readyz`);
      expect(ready.status).toBe(503);
      expect(await ready.json()).toEqual({
        status: "not ready",
        reason: expect.stringMatching(/^the database file is damaged: /),
      });
    } finally {
      await server.stop();
    }
  }, 60_000);
});

describe("an import that fails while the site is serving", () => {
  it("keeps answering every request and leaves the served content exactly as before", async () => {
    const path = join(dir, "serving.db");
    const db = `file:${path}`;
    const server = await startServer({ DATABASE_URL: db, SEED_DEMO: "true" });
    try {
      await untilRendered(db);
      const pages = [
        "/",
        "/topics",
        "/search?q=earnouts",
        "/latest-articles-commentary/featured-articles-commentary/all-articles-and-commentary?page=2",
      ];
      const before = await Promise.all(
        pages.map(async (p) => (await fetch(`${server.url}${p}`)).text()),
      );

      const big = generateContent({ transactions: 40_000, articles: 200, seed: 99 });
      (big.transactions[39_990] as { Date: string }).Date = "2021-02-30";
      const file = join(dir, "bad-late-row.json");
      writeFileSync(file, JSON.stringify(big));

      const revision = revisionIn(path);
      let answered = 0;
      let failed = 0;
      let importing = true;
      const traffic = (async () => {
        while (importing) {
          for (const p of pages) {
            const response = await fetch(`${server.url}${p}`);
            await response.arrayBuffer();
            if (response.status === 200) answered++;
            else failed++;
          }
        }
      })();
      const result = await runScriptAsync("content-import.ts", [file], { DATABASE_URL: db });
      importing = false;
      await traffic;

      expect(result.status).toBe(1);
      expect(result.stderr).toContain("transactions[39990].Date: not a date");
      expect(failed).toBe(0);
      expect(answered).toBeGreaterThan(0);
      // Nothing was written (the search page reads the database on every request, too).
      expect(revisionIn(path)).toBe(revision);
      const after = await Promise.all(
        pages.map(async (p) => (await fetch(`${server.url}${p}`)).text()),
      );
      expect(after).toEqual(before);
    } finally {
      await server.stop();
    }
  }, 120_000);
});

describe("an import whose database write fails near its end", () => {
  it("changes nothing the site serves; once the fault is gone the next import shows within seconds", async () => {
    const path = join(dir, "write-fails.db");
    const server = await startServer({ DATABASE_URL: `file:${path}`, SEED_DEMO: "true" });
    const text = async (p: string) => (await fetch(`${server.url}${p}`)).text();
    const pages = ["/", "/api/default/transactions/$count", "/topics"];
    const sqlite = new Database(path);
    try {
      await untilRendered(`file:${path}`);
      const before = await Promise.all(pages.map(text));
      const revision = revisionIn(path);
      const next = generateContent({ transactions: 5_000, articles: 40, seed: 7 });
      const total = String(next.transactions.length);
      expect(before[1]).not.toBe(total);
      const file = join(dir, "next.json");
      writeFileSync(file, JSON.stringify(next));
      // Its portraits beside it, as `content:generate --out` writes them.
      cpSync(join(ROOT, "src/db/demo/portraits"), join(dir, "portraits"), { recursive: true });

      // The file is valid; the database itself refuses a row near the end, as a full disk would.
      // (The count is ours, not input: the trigger's text cannot take a bound parameter.)
      const late = next.transactions.length - 10;
      sqlite.exec(`CREATE TRIGGER fail_late BEFORE INSERT ON transactions
        WHEN (SELECT count(*) FROM transactions) >= ${late}
        BEGIN SELECT RAISE(ABORT, 'database or disk is full'); END`);
      const failed = await runScriptAsync("content-import.ts", [file], {
        DATABASE_URL: `file:${path}`,
      });
      expect(failed.status).toBe(1);
      expect(failed.stderr.trim()).toBe(
        "import failed, nothing was changed: database or disk is full",
      );
      expect(revisionIn(path)).toBe(revision);
      expect(await Promise.all(pages.map(text))).toEqual(before);

      sqlite.exec("DROP TRIGGER fail_late");
      const imported = await runScriptAsync("content-import.ts", [file], {
        DATABASE_URL: `file:${path}`,
      });
      expect(imported.status).toBe(0);
      // The running server notices the other process's import and drops its cached pages.
      const newest = next.articles
        .toSorted((a, b) => b.PublicationDate.localeCompare(a.PublicationDate))
        .slice(0, 6)
        .find((a) => /^[\w ]+$/.test(a.Title));
      expect(newest, "a plain title among the newest six").toBeDefined();
      const deadline = Date.now() + 5_000;
      while ((await text(pages[1]!)) !== total && Date.now() < deadline)
        await new Promise((r) => setTimeout(r, 100));
      expect(await text(pages[1]!)).toBe(total);
      expect(await text("/")).toContain(newest!.Title);
    } finally {
      sqlite.close();
      await server.stop();
    }
  }, 120_000);
});
