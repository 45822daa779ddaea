import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { runScriptAsync } from "../../tools/run-script.ts";
import { startServer, type ServerProcess } from "../../tools/server-process.ts";
import { expect, test } from "./fixtures.ts";

/**
 * A site of the spec file's own: `content` imported into a fresh SQLite file through the real
 * import command, as an operator would, and served without demo seeding. Call it at the top of
 * a spec file; the returned function gives the running server inside tests.
 */
export function importedSite(name: string, content: () => unknown): () => ServerProcess {
  let server: ServerProcess | undefined;
  let dir = "";
  test.beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), `site-${name}-`));
    const file = join(dir, "content.json");
    writeFileSync(file, JSON.stringify(content()));
    const DATABASE_URL = `file:${join(dir, "site.db")}`;
    const imported = await runScriptAsync("content-import.ts", [file], { DATABASE_URL });
    expect(imported.status, imported.stderr).toBe(0);
    server = await startServer({ DATABASE_URL, SEED_DEMO: "false" });
  });
  test.afterAll(async () => {
    await server?.stop();
    rmSync(dir, { recursive: true, force: true });
  });
  return () => {
    if (!server) throw new Error(`the ${name} site has not started`);
    return server;
  };
}
