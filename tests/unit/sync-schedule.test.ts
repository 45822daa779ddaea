import { createHash } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generateContent } from "../../src/db/demo/generate.ts";
import { articlePath, topicPath } from "../../src/rules/site-paths.ts";
import { freePort } from "../../tools/free-port.ts";
import { metricValue, until } from "../helpers/poll.ts";
import { startPostgres, type ThrowawayPostgres } from "../../tools/postgres.ts";
import { startServer, type ServerProcess } from "../../tools/server-process.ts";
import {
  ACCESS_KEY,
  DEALS_SET,
  NEWS_SET,
  type SitefinityService,
  startSitefinityService,
  syncSettingsFor,
} from "../../tools/sitefinity-service.ts";

// The built site syncing from the Sitefinity-shaped stand-in by itself (SYNC_SETTINGS and
// SYNC_EVERY), as it runs in production: what visitors then see on its pages and API, what its
// metrics say, a failing sync that never costs readiness, and, on PostgreSQL, two instances that
// never sync at the same time.

const firm = generateContent({ transactions: 120, articles: 40, seed: 21 });
/** The demo site each test's site starts from (SEED_DEMO). */
const demo = generateContent();
let dir: string;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "site-sync-schedule-"));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A settings file for the service. */
function settingsFile(name: string, service: SitefinityService): string {
  const file = join(dir, `${name}.json`);
  writeFileSync(file, JSON.stringify(syncSettingsFor(service.base)));
  return file;
}

async function siteWith(env: Record<string, string>) {
  const metricsPort = await freePort();
  const server = await startServer({
    SEED_DEMO: "true",
    METRICS_PORT: String(metricsPort),
    ...env,
  });
  return { server, metrics: `http://127.0.0.1:${metricsPort}/metrics` };
}

const metric = metricValue;

const apiDeal = async (site: ServerProcess, id: string) =>
  (
    (await (await fetch(`${site.url}/api/default/transactions?$filter=Id eq ${id}`)).json()) as {
      value: { Company: string; Date: string }[];
    }
  ).value[0];

describe("a site that syncs by itself (SQLite)", { timeout: 90_000 }, () => {
  let service: SitefinityService;
  let site: Awaited<ReturnType<typeof siteWith>>;

  beforeAll(async () => {
    service = await startSitefinityService(firm, { accessKey: ACCESS_KEY });
    site = await siteWith({
      DATABASE_URL: `file:${join(dir, "scheduled.db")}`,
      SYNC_SETTINGS: settingsFile("scheduled", service),
      SYNC_EVERY: "1s",
      SITEFINITY_ACCESS_KEY: ACCESS_KEY,
    });
  }, 60_000);
  afterAll(async () => {
    await site?.server.stop();
    await service?.close();
  });

  it("shows the service's deals on the right day, its articles and topics, on its pages and API", async () => {
    const { server } = site;
    const latest = [...firm.transactions].sort((a, b) => b.Date.localeCompare(a.Date))[0]!;
    await until("the sync has run", async () => (await apiDeal(server, latest.Id)) !== undefined);
    expect(await apiDeal(server, latest.Id)).toMatchObject({
      Company: latest.Company,
      Date: latest.Date,
    });
    const transactions = await (await fetch(`${server.url}/transactions`)).text();
    expect(transactions).toContain(`${latest.Company}`);
    expect(transactions).toContain(`<time datetime="${latest.Date.slice(0, 10)}">`);
    const article = firm.articles[0]!;
    const page = await fetch(`${server.url}${articlePath(article.UrlName)}`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain(article.Title);
    // Its picture is the site's own copy, named by the SHA-256 of the service's bytes.
    const picture = Buffer.from(
      await (await fetch(`${service.origin}/images/default-source/news/a.png`)).arrayBuffer(),
    );
    const digest = createHash("sha256").update(picture).digest("hex");
    expect(html).toMatch(new RegExp(`src="/images/${digest}/(original|\\d+)\\.png"`));
    expect(html).not.toContain(`${service.origin}/images/`);
    const copy = await fetch(`${server.url}/images/${digest}/original.png`);
    expect(copy.headers.get("content-type")).toBe("image/png");
    expect(Buffer.from(await copy.arrayBuffer()).equals(picture)).toBe(true);
    expect(page.headers.get("content-security-policy")).toMatch(/(^|;\s*)img-src 'self'(;|$)/);
    const tag = firm.flatTaxa.find((t) => t.Id === article.Tags[0])!;
    expect(await (await fetch(`${server.url}${topicPath(tag.UrlName)}`)).text()).toContain(
      article.Title,
    );
  });

  it("shows a change made in the service after its next sync, and counts it", async () => {
    const deal = firm.transactions[9]!;
    service.edit(DEALS_SET, deal.Id, { Company: "Renamed Holdings" });
    await until(
      "the change shows",
      async () => (await apiDeal(site.server, deal.Id))?.Company === "Renamed Holdings",
    );
    // The site's pages can show the change before the sync's worker has reported back.
    await until(
      "the change is counted",
      async () =>
        (await metric(
          site.metrics,
          "site_sync_items_total",
          `set="${DEALS_SET}",change="changed"`,
        )) === 1,
    );
    expect(
      await metric(site.metrics, "site_sync_items_total", `set="${DEALS_SET}",change="added"`),
    ).toBe(firm.transactions.length);
    expect(
      await metric(site.metrics, "site_sync_items_total", `set="${NEWS_SET}",change="removed"`),
    ).toBe(demo.articles.length);
    const lastSuccess = await metric(site.metrics, "site_sync_last_success_timestamp_seconds");
    expect(Date.now() / 1000 - lastSuccess).toBeLessThan(30);
    expect(await metric(site.metrics, "site_sync_failures_total")).toBe(0);
  });
});

describe("a site whose sync fails, or is not scheduled (SQLite)", { timeout: 90_000 }, () => {
  let service: SitefinityService;
  beforeAll(async () => {
    service = await startSitefinityService(firm, { accessKey: ACCESS_KEY });
  });
  afterAll(() => service?.close());

  it("keeps serving its content and stays ready, counting and logging the failure without the key", async () => {
    const { server, metrics } = await siteWith({
      DATABASE_URL: `file:${join(dir, "failing.db")}`,
      SYNC_SETTINGS: settingsFile("failing", service),
      SYNC_EVERY: "1s",
      SITEFINITY_ACCESS_KEY: "an-old-key-5c3e",
      LOG_LEVEL: "info",
    });
    try {
      await until(
        "two syncs failed",
        async () => (await metric(metrics, "site_sync_failures_total")) >= 2,
      );
      const ready = await fetch(`${server.url}/readyz`);
      expect(ready.status).toBe(200);
      expect(await (await fetch(`${server.url}/api/default/transactions/$count`)).text()).toBe(
        String(demo.transactions.length),
      );
      // The log is written in batches, within a second.
      await expect
        .poll(() => server.output())
        .toMatch(/sync failed, nothing was changed: the web service answered 401 Unauthorized/);
      expect(server.output()).not.toContain("an-old-key");
      expect(await metric(metrics, "site_sync_last_success_timestamp_seconds")).toBe(0);
    } finally {
      await server.stop();
    }
  });

  it("with SYNC_SETTINGS alone, syncs nothing, and takes images from the site alone", async () => {
    const before = service.requests.length;
    const { server, metrics } = await siteWith({
      DATABASE_URL: `file:${join(dir, "unscheduled.db")}`,
      SYNC_SETTINGS: settingsFile("unscheduled", service),
    });
    try {
      const home = await fetch(server.url);
      expect(home.headers.get("content-security-policy")).toMatch(/(^|;\s*)img-src 'self'(;|$)/);
      // A schedule registers its metrics when the site starts; this site has none of them.
      expect(await (await fetch(metrics)).text()).not.toContain("site_sync_");
      expect(service.requests.length).toBe(before);
    } finally {
      await server.stop();
    }
  });

  it("refuses to start with a broken settings file, naming the key", async () => {
    const file = join(dir, "broken.json");
    writeFileSync(file, JSON.stringify({ service: "cms.firm.example" }));
    await expect(
      siteWith({ DATABASE_URL: `file:${join(dir, "broken.db")}`, SYNC_SETTINGS: file }),
    ).rejects.toThrow(/service: not an http\(s\) URL/);
  });
});

describe("two instances on one PostgreSQL database", { timeout: 180_000 }, () => {
  let pg: ThrowawayPostgres;
  let service: SitefinityService;
  let sites: Awaited<ReturnType<typeof siteWith>>[] = [];

  beforeAll(async () => {
    pg = await startPostgres();
    // Each request takes a moment, so that a sync lasts long enough for the other to try.
    service = await startSitefinityService(firm, { accessKey: ACCESS_KEY, latencyMs: 100 });
    const env = {
      DATABASE_URL: pg.url,
      SYNC_SETTINGS: settingsFile("pg", service),
      SYNC_EVERY: "1s",
      SITEFINITY_ACCESS_KEY: ACCESS_KEY,
    };
    sites = await Promise.all([siteWith(env), siteWith(env)]);
  }, 120_000);
  afterAll(async () => {
    await Promise.all(sites.map((s) => s.server.stop()));
    await service?.close();
    await pg?.remove();
  }, 60_000);

  it("sync one at a time: every listing pass after the first is whole, never mixed with another", async () => {
    const deal = firm.transactions[0]!;
    for (const { server } of sites)
      await until(
        "both instances serve the synced content",
        async () => (await apiDeal(server, deal.Id)) !== undefined,
      );
    const busy = async () =>
      (await metric(sites[0]!.metrics, "site_sync_runs_total", 'outcome="busy"')) +
      (await metric(sites[1]!.metrics, "site_sync_runs_total", 'outcome="busy"'));
    await until("an instance found the other syncing", async () => (await busy()) >= 1, 90_000);
    // A sync with nothing to do is one listing pass that starts with the taxonomies: between two
    // passes' first requests lie exactly one pass's requests, or two syncs overlapped.
    const passes = () => service.requests.filter((r) => r.includes("/api/firm/taxonomies?"));
    await until("several syncs have run", async () => passes().length >= 6, 90_000);
    const starts = service.requests.flatMap((r, i) =>
      r.includes("/api/firm/taxonomies?") ? [i] : [],
    );
    const lengths = starts.slice(2).map((start, i) => start - starts[i + 1]!);
    const pass = lengths[0]!;
    expect(pass).toBeGreaterThan(5);
    expect(new Set(lengths)).toEqual(new Set([pass]));
    for (const { metrics } of sites)
      expect(await metric(metrics, "site_sync_failures_total")).toBe(0);
  });
});
