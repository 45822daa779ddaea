import { cpSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { serializeContent } from "../../scripts/content-file-io.ts";
import { generateContent } from "../../src/db/demo/generate.ts";
import { ROOT, runScriptAsync } from "../../tools/run-script.ts";

// The content commands write from another process than the site's: with a purger set (the
// site's settings), they purge the shared caches themselves, once at once and once more after
// the instances have read the new revision; without one, they send nothing.

let dir: string;
let cache: ReturnType<typeof createServer>;
let purges: IncomingHttpHeaders[] = [];
let varnish = "";

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "site-commands-purge-"));
  // The demo content with its portraits beside it, as `content:generate --out` writes it.
  writeFileSync(join(dir, "content.json"), serializeContent(generateContent()));
  cpSync(join(ROOT, "src/db/demo/portraits"), join(dir, "portraits"), { recursive: true });
  cache = createServer((request, response) => {
    if (request.method === "PURGE") purges.push(request.headers);
    response.writeHead(200).end();
  });
  await new Promise<void>((resolve) => cache.listen(0, "127.0.0.1", resolve));
  varnish = `http://127.0.0.1:${(cache.address() as AddressInfo).port}`;
});
afterAll(() => {
  cache.close();
  rmSync(dir, { recursive: true, force: true });
});

describe("npm run content:import", { timeout: 60_000 }, () => {
  it("purges everything from the shared caches, twice, after the import", async () => {
    purges = [];
    const run = await runScriptAsync("content-import.ts", [join(dir, "content.json")], {
      DATABASE_URL: `file:${join(dir, "purged.db")}`,
      VARNISH_URLS: varnish,
      CONTENT_POLL_MS: "100",
    });
    expect(run.stderr).toBe("");
    expect(run.status).toBe(0);
    expect(purges.map((headers) => headers["xkey-purge"])).toEqual(["all", "all"]);
  });

  it("sends nothing without a purger", async () => {
    purges = [];
    const run = await runScriptAsync("content-import.ts", [join(dir, "content.json")], {
      DATABASE_URL: `file:${join(dir, "unpurged.db")}`,
    });
    expect(run.status).toBe(0);
    expect(purges).toEqual([]);
  });
});
