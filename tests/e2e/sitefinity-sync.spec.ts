import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { generateContent } from "../../src/db/demo/generate.ts";
import { articlePath } from "../../src/rules/site-paths.ts";
import { runScriptAsync } from "../../tools/run-script.ts";
import { startServer, type ServerProcess } from "../../tools/server-process.ts";
import {
  ACCESS_KEY,
  DEALS_SET,
  londonOffsetHours,
  NEWS_SET,
  type SitefinityService,
  startSitefinityService,
  syncSettingsFor,
} from "../../tools/sitefinity-service.ts";
import { axeViolations, expect, test } from "./fixtures.ts";
import { ownDatabase, type OwnDatabase } from "./imported-site.ts";
import { connect } from "../../src/db/connect.ts";
import { contentRevision } from "../../src/db/repositories/content-repository.ts";
import { untilRendered } from "../helpers/renditions.ts";
import {
  countText,
  expectResults,
  openWidget,
  pageDescriptions,
  reference,
  searchFor,
} from "./transactions-reference.ts";

// Starting from the demo site, `npm run content:sync` against the
// Sitefinity-shaped service makes the site's pages, widgets and API show the service's deals (on
// the day the editor picked), industries, topics and articles; a change, an addition and a
// deletion in the service show after the next sync, which fetches only those. The site runs on a
// database of this file's own, with SYNC_SETTINGS naming the service; the images its articles
// show are the site's own copies.

test.describe.configure({ mode: "serial" });

const firm = generateContent({ transactions: 60, articles: 12, seed: 21 });
let service: SitefinityService;
let site: ServerProcess;
let dir = "";
let settings = "";
let databaseUrl = "";
let database: OwnDatabase | undefined;

const sync = () =>
  runScriptAsync("content-sync.ts", [settings], {
    DATABASE_URL: databaseUrl,
    SITEFINITY_ACCESS_KEY: ACCESS_KEY,
  });

test.beforeAll(async () => {
  test.setTimeout(120_000);
  service = await startSitefinityService(firm, { accessKey: ACCESS_KEY });
  dir = mkdtempSync(join(tmpdir(), "site-sync-e2e-"));
  settings = join(dir, "sync.json");
  writeFileSync(settings, JSON.stringify(syncSettingsFor(service.base)));
  database = await ownDatabase(dir);
  databaseUrl = database.url;
  site = await startServer({
    DATABASE_URL: databaseUrl,
    SEED_DEMO: "true",
    SYNC_SETTINGS: settings,
  });
  // The demo's portraits are resized in the background, each a revision of its own: the sync
  // writes the one after them.
  await untilRendered(databaseUrl);
  const db = connect(databaseUrl);
  const seeded = await contentRevision(db).finally(() => db.close());
  const first = await sync();
  expect(first.stderr).toBe("");
  expect(first.stdout).toContain(`written: content revision ${seeded + 1}`);
});
test.afterAll(async () => {
  await site?.stop();
  await service?.close();
  await database?.remove();
  rmSync(dir, { recursive: true, force: true });
});

test("the transactions widget lists the service's deals, each on the day the editor picked", async ({
  page,
  request,
}) => {
  const w = await openWidget(page, site.url);
  const ref = await reference(request, site.url, await pageDescriptions(page));
  expect(ref.rows.map((r) => r.id).sort()).toEqual(firm.transactions.map((t) => t.Id).sort());
  await expectResults(w, ref.rows);
  // A deal closed in British summer time reached the service as 23:00 UTC the evening before.
  const summer = firm.transactions.find((t) => londonOffsetHours(t.Date.slice(0, 10)) === 1)!;
  const row = ref.rows.find((r) => r.id === summer.Id)!;
  expect(row.date).toBe(summer.Date.slice(0, 10));
  await searchFor(w, ref, { date: row.date });
  await expect(w.count).not.toHaveText(countText(0));
  await expect(w.bodyRows.filter({ hasText: summer.Company })).toContainText(row.cells[0]!);
});

test("an article shows its picture from the site's own copy, links to the service's site, and passes axe", async ({
  page,
}) => {
  const cspErrors: string[] = [];
  page.on("console", (m) => {
    if (/Content Security Policy/i.test(m.text())) cspErrors.push(m.text());
  });
  const article = firm.articles[0]!;
  await page.goto(`${site.url}${articlePath(article.UrlName)}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(article.Title);
  const picture = page.getByRole("img", { name: article.Title });
  await expect(picture).toBeVisible();
  await expect(picture).toHaveAttribute("src", /^\/images\/[0-9a-f]{64}\/\w+\.png$/);
  await expect
    .poll(() => picture.evaluate((img: HTMLImageElement) => img.currentSrc))
    .toMatch(new RegExp(`^${site.url}/images/`));
  // Shown at the service's picture's own size, 320 × 180, and whole.
  await expect(picture).toHaveAttribute("width", "320");
  await expect(picture).toHaveAttribute("height", "180");
  expect(await picture.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await expect(page.getByRole("link", { name: "our articles" })).toHaveAttribute(
    "href",
    `${service.origin}/latest-articles-commentary`,
  );
  expect(cspErrors).toEqual([]);
  expect(await axeViolations(page)).toEqual([]);
});

test("a change, an addition and a deletion show after the next sync, which fetches only those", async ({
  page,
}) => {
  const deal = firm.transactions[5]!;
  const [gone, template] = [firm.articles[2]!, firm.articles[4]!];
  const fresh = {
    ...template,
    Id: "5b1c0d2e-3f40-4a51-9b62-7c83d94e0fa1",
    Title: "A fresh outlook on mid-market deals",
    UrlName: "a-fresh-outlook",
    PublicationDate: "2026-11-20T09:00:00Z",
  };
  // Kept by the site before the sync (so it changes only once the site drops its caches).
  expect((await page.request.get(site.url)).status()).toBe(200);
  service.edit(DEALS_SET, deal.Id, { Company: "Renamed Holdings" });
  service.remove(NEWS_SET, gone.Id);
  service.add(NEWS_SET, fresh);
  const served = [service.wholeItems(DEALS_SET), service.wholeItems(NEWS_SET)];
  const next = await sync();
  expect(next.stdout).toContain(`${DEALS_SET}: 60 listed; 0 added, 1 changed, 0 removed`);
  expect(next.stdout).toContain(`${NEWS_SET}: 12 listed; 1 added, 0 changed, 1 removed`);
  expect([
    service.wholeItems(DEALS_SET) - served[0]!,
    service.wholeItems(NEWS_SET) - served[1]!,
  ]).toEqual([1, 1]);

  // Within a second the running site drops its caches (SQLite: the revision poll): the kept home
  // page lists the fresh article only then, and the API's kept replies went at the same moment.
  // (A new article's page renders from the database at once, so its 200 showed only the commit;
  // the widget could still be sent the kept list from before the sync.)
  await expect
    .poll(async () => (await page.request.get(site.url)).text(), { timeout: 10_000 })
    .toContain(fresh.Title);
  expect((await page.request.get(`${site.url}${articlePath(fresh.UrlName)}`)).status()).toBe(200);
  await page.goto(site.url);
  await expect(page.getByRole("link", { name: fresh.Title })).toBeVisible();
  expect((await page.request.get(`${site.url}${articlePath(gone.UrlName)}`)).status()).toBe(404);
  const w = await openWidget(page, site.url);
  const ref = await reference(page.request, site.url, await pageDescriptions(page));
  await searchFor(w, ref, { date: deal.Date.slice(0, 10) });
  await expect(w.bodyRows.filter({ hasText: "Renamed Holdings" })).toHaveCount(1);
});
