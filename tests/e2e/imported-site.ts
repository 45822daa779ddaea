import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createDatabase } from "../../tools/postgres.ts";
import { runScriptAsync } from "../../tools/run-script.ts";
import { startServer, type ServerProcess } from "../../tools/server-process.ts";
import { expect, test } from "./fixtures.ts";

/**
 * A site of the spec file's own: `content` imported through the real import command, as an
 * operator would, into a fresh SQLite file (or, in the run on PostgreSQL, a fresh database of its
 * server), and served without demo seeding. Call it at the top of a spec file; the returned
 * function gives the running server inside tests.
 */
export function importedSite(name: string, content: () => unknown): () => ServerProcess {
  let server: ServerProcess | undefined;
  let dir = "";
  let database: OwnDatabase | undefined;
  test.beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), `site-${name}-`));
    const file = join(dir, "content.json");
    writeFileSync(file, JSON.stringify(content()));
    database = await ownDatabase(dir);
    const DATABASE_URL = database.url;
    const imported = await runScriptAsync("content-import.ts", [file], { DATABASE_URL });
    expect(imported.status, imported.stderr).toBe(0);
    server = await startServer({ DATABASE_URL, SEED_DEMO: "false" });
  });
  test.afterAll(async () => {
    await server?.stop();
    await database?.remove();
    rmSync(dir, { recursive: true, force: true });
  });
  return () => {
    if (!server) throw new Error(`the ${name} site has not started`);
    return server;
  };
}

/** A database of a spec's own, and how to remove it. */
export interface OwnDatabase {
  url: string;
  remove(): Promise<void>;
}

/**
 * An empty database for a spec's own site: an SQLite file in `dir`, or in the run on PostgreSQL
 * (npm run test:e2e:pg) a fresh database of that run's server.
 */
export async function ownDatabase(dir: string): Promise<OwnDatabase> {
  const postgres = process.env.E2E_POSTGRES_URL;
  if (postgres) return createDatabase(postgres, "site_e2e");
  return { url: `file:${join(dir, "site.db")}`, remove: async () => {} };
}
