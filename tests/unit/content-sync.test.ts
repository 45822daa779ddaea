import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { generateContent } from "../../src/db/demo/generate.ts";
import { contentRevision, readContent } from "../../src/db/repositories/content-repository.ts";
import { ROOT, runScriptAsync } from "../../tools/run-script.ts";
import {
  ACCESS_KEY,
  DEALS_SET,
  type SitefinityService,
  startSitefinityService,
  syncSettingsFor,
} from "../../tools/sitefinity-service.ts";
import { tempDatabase } from "../helpers/temp-db.ts";

// `npm run content:sync` as the firm's web team runs it, by hand or from cron: the command in a
// process of its own against the Sitefinity-shaped stand-in service, into the demo site's SQLite
// file.

const firm = generateContent({ transactions: 120, articles: 40, seed: 21 });
/** The demo site each test syncs into. */
const demo = generateContent();
const [deals, articles] = [firm.transactions.length, firm.articles.length];
let dir: string;
let settingsFile: string;
let service: SitefinityService;
let site: Awaited<ReturnType<typeof tempDatabase>>;

const env = (key: string | undefined = ACCESS_KEY) => ({
  DATABASE_URL: site.url,
  SITEFINITY_ACCESS_KEY: key ?? "",
});
const sync = (args: string[] = [], key?: string) =>
  runScriptAsync("content-sync.ts", [settingsFile, ...args], env(key));

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "site-sync-cli-"));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));
beforeEach(async () => {
  service = await startSitefinityService(firm, { accessKey: ACCESS_KEY });
  site = await tempDatabase(demo);
  settingsFile = join(dir, "sync.json");
  writeFileSync(settingsFile, JSON.stringify(syncSettingsFor(service.base)));
});
afterEach(async () => {
  await service.close();
  await site.cleanup();
});

describe("npm run content:sync", { timeout: 60_000 }, () => {
  it("syncs the demo site, printing each set's changes, then finds nothing changed", async () => {
    const first = await sync();
    expect(first.stderr).toBe("");
    expect(first.status).toBe(0);
    expect(first.stdout).toContain(
      `${DEALS_SET}: ${deals} listed; ${deals} added, 0 changed, ${demo.transactions.length} removed`,
    );
    expect(first.stdout).toContain(
      `newsitems: ${articles} listed; ${articles} added, 0 changed, ${demo.articles.length} removed`,
    );
    expect(first.stdout).toContain("written: content revision 2");
    const second = await sync();
    expect(second.status).toBe(0);
    expect(second.stdout).toContain(`${DEALS_SET}: ${deals} listed; 0 added, 0 changed, 0 removed`);
    expect(second.stdout).toContain("0 whole items fetched");
    // The renditions of the images the first sync held move the revision on when they are
    // made (their pages change); the second sync itself writes nothing.
    const now = await contentRevision(site.db);
    expect(second.stdout).toContain(
      `nothing changed: nothing was written (content revision ${now})`,
    );
    expect(second.stdout).not.toContain("written: content revision");
  });

  it("refuses a database that does not exist, and leaves none behind", async () => {
    const missing = join(dir, "mistyped.db");
    const result = await runScriptAsync("content-sync.ts", [settingsFile], {
      DATABASE_URL: `file:${missing}`,
      SITEFINITY_ACCESS_KEY: ACCESS_KEY,
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(`cannot open SQLite database ${missing}`);
    expect(existsSync(missing)).toBe(false);
  });

  it("--dry-run prints what would change and writes nothing", async () => {
    const result = await sync(["--dry-run"]);
    expect(result.status).toBe(0);
    expect(result.stdout).toContain(
      `${DEALS_SET}: ${deals} listed; would be: ${deals} added, 0 changed, ${demo.transactions.length} removed`,
    );
    expect(result.stdout).toContain("dry run: nothing was written");
    expect(await contentRevision(site.db)).toBe(1);
  });

  it.each([
    [
      undefined,
      /^the web service answered 401 Unauthorized .*: set SITEFINITY_ACCESS_KEY to the access key of a Sitefinity user who may read it\n$/,
    ],
    [
      "an-old-key-5c3e",
      /^the web service answered 401 Unauthorized .*: the key in SITEFINITY_ACCESS_KEY was not accepted/,
    ],
  ])(
    "with key %j: one line naming the status and the setting, never the key; nothing changes",
    async (key, line) => {
      const result = await sync([], key ?? "");
      expect(result.status).toBe(1);
      expect(result.stderr).toMatch(line);
      expect(`${result.stdout}${result.stderr}`).not.toContain("an-old-key");
      expect(await contentRevision(site.db)).toBe(1);
    },
  );

  it("refuses a settings file with an unknown key, naming it, before touching anything", async () => {
    writeFileSync(settingsFile, JSON.stringify({ service: service.base, timezone: "UTC" }));
    const result = await sync();
    expect(result.status).toBe(1);
    expect(result.stderr).toContain("timezone: not a setting (service, transactionsSet,");
    expect(service.requests).toEqual([]);
  });

  it("lists a refused item by set, Id and field, exits 1, and changes nothing", async () => {
    expect((await sync()).status).toBe(0);
    const deal = firm.transactions[4]!;
    service.edit(DEALS_SET, deal.Id, { Company: "" });
    const before = JSON.stringify(await readContent(site.db));
    const result = await sync();
    expect(result.status).toBe(1);
    expect(result.stderr).toBe(
      `the web service's content has 1 problem(s); nothing was changed:\n${DEALS_SET} ${deal.Id}: Company: empty\n`,
    );
    expect(JSON.stringify(await readContent(site.db))).toBe(before);
  });

  it("two at once, as cron on two instances: one syncs, the other says another is running", async () => {
    service.setHanging(true);
    const first = sync();
    // The first holds the lock and waits for the service; the second starts meanwhile.
    while (service.requests.length === 0) await new Promise((r) => setTimeout(r, 20));
    const second = await sync();
    expect(second.status).toBe(0);
    expect(second.stdout).toBe("another sync is running on this database: this one did nothing\n");
    service.setHanging(false);
    await service.close(); // the held request fails; the first ends without writing
    expect((await first).status).toBe(1);
    expect(await contentRevision(site.db)).toBe(1);
  });

  it("a sync killed in the middle leaves no lock behind", async () => {
    service.setHanging(true);
    const child = spawn(process.execPath, [`${ROOT}scripts/content-sync.ts`, settingsFile], {
      env: { ...process.env, RECORD: "false", ...env() },
      stdio: "ignore",
    });
    while (service.requests.length === 0) await new Promise((r) => setTimeout(r, 20));
    const exited = new Promise((resolve) => child.once("exit", resolve));
    child.kill("SIGKILL");
    await exited;
    service.setHanging(false);
    const next = await sync();
    expect(next.stdout).toContain("written: content revision 2");
  });
});
