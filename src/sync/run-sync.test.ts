import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { tempDatabase } from "../../tests/helpers/temp-db.ts";
import {
  ACCESS_KEY,
  COUNTERPARTY_FIELD,
  DEALS_SET,
  NEWS_SET,
  PAGE_SIZE,
  SERVICE_FIELD,
  type SitefinityService,
  parsedContent,
  standInSettings,
  startSitefinityService,
} from "../../tools/sitefinity-service.ts";
import type { ContentFile } from "../content/content-file.ts";
import { connect } from "../db/connect.ts";
import { generateContent } from "../db/demo/generate.ts";
import {
  ContentChangedError,
  contentRevision,
  readContent,
  replaceContent,
} from "../db/repositories/content-repository.ts";
import { runSync, SyncRefusedError, type SyncOptions } from "./run-sync.ts";
import type { SyncSettings } from "./settings.ts";

// The sync against the Sitefinity-shaped stand-in service, into a real database holding the demo
// site: SQLite here, PostgreSQL under `npm run test:pg`.

/** The firm's content as its Sitefinity holds it (another seed than the demo's: other Ids). */
const firm = parsedContent(generateContent({ transactions: 120, articles: 40, seed: 21 }));

const settingsFor = (service: SitefinityService): SyncSettings => standInSettings(service.base);

let service: SitefinityService;
let site: Awaited<ReturnType<typeof tempDatabase>>;
let demo: ContentFile;
// Short pauses between retries; a request's timeout generous for a busy machine, except where a
// test wants a service that hangs to be given up on quickly.
const quick = { timeoutMs: 10_000, retries: 1, backoffMs: 10 };
const sync = (options: Partial<SyncOptions> = {}, db = site.db) =>
  runSync(db, { settings: settingsFor(service), accessKey: ACCESS_KEY, client: quick, ...options });
/** Whole items the service has served so far, deals and news items. */
const served = () => [service.wholeItems(DEALS_SET), service.wholeItems(NEWS_SET)];

beforeEach(async () => {
  service = await startSitefinityService(firm, { accessKey: ACCESS_KEY });
  site = await tempDatabase(generateContent());
  demo = await readContent(site.db);
});
afterEach(async () => {
  await service.close();
  await site.cleanup();
});

describe("a first sync into the demo site", () => {
  it("brings the service's deals on the day the editor picked, its industries, topics and articles", async () => {
    const report = await sync();
    expect(report.outcome).toBe("written");
    expect(await contentRevision(site.db)).toBe(2);
    const content = await readContent(site.db);
    // London midnights (3 and 7 fractional digits) are back on the day the editor picked.
    // The service's deal type has no team field: its deals come without one.
    expect(content.transactions).toEqual(
      firm.transactions.map(({ DealTeam: _team, ...deal }) => deal),
    );
    expect(content.hierarchyTaxa).toEqual(firm.hierarchyTaxa);
    expect(content.flatTaxa).toEqual(firm.flatTaxa);
    expect(content.taxonomies.map((t) => [t.Id, t.Name, t.Type])).toEqual([
      [firm.taxonomies[0]!.Id, "Tags", 0],
      [firm.taxonomies[1]!.Id, "Industries", 1],
    ]);
    const strip = ({ Content: _c, ...article }: ContentFile["articles"][number]) => article;
    expect(content.articles.map(strip)).toEqual(firm.articles.map(strip));
    // The site's settings stay, and so do the people, offices and alerts of a service without them.
    expect(content.site).toEqual(demo.site);
    // The kept people lose the industries the service does not have (its taxa are its own).
    const taxa = new Set(content.hierarchyTaxa.map((t) => t.Id));
    expect(content.people.map((p) => p.Id)).toEqual(demo.people.map((p) => p.Id));
    expect(content.people.every((p) => p.Industries.every((id) => taxa.has(id)))).toBe(true);
    expect(content.offices).toEqual(demo.offices);
    expect(content.alerts).toEqual(demo.alerts);
    expect(report.sets).toEqual([
      { set: "taxonomies", listed: 2, added: 0, changed: 0, removed: 0 },
      {
        set: "hierarchy-taxa",
        listed: firm.hierarchyTaxa.length,
        added: firm.hierarchyTaxa.length,
        changed: 0,
        removed: demo.hierarchyTaxa.length,
      },
      {
        set: "flat-taxa",
        listed: firm.flatTaxa.length,
        added: firm.flatTaxa.length,
        changed: 0,
        removed: demo.flatTaxa.length,
      },
      { set: DEALS_SET, listed: 120, added: 120, changed: 0, removed: demo.transactions.length },
      { set: NEWS_SET, listed: 40, added: 40, changed: 0, removed: demo.articles.length },
    ]);
  });

  it("makes the HTML's site-relative images and links absolute on the service's site, without sfref", async () => {
    await sync();
    const content = await readContent(site.db);
    const article = content.articles.find((a) => a.Id === firm.articles[0]!.Id)!;
    expect(article.Content.startsWith(firm.articles[0]!.Content)).toBe(true);
    expect(article.Content).toContain(
      `<img alt="${article.Title}" src="${service.origin}/images/default-source/news/${encodeURIComponent(article.UrlName)}.png?sfvrsn=2" />`,
    );
    expect(article.Content).toContain(
      `<a href="${service.origin}/latest-articles-commentary">our articles</a>`,
    );
    // The stand-in adds a link to every third deal's description; one without a link of its own.
    const deal = firm.transactions.find(
      (t, i) => i % 3 === 0 && !firm.descriptions[t.Description]!.includes("href"),
    )!;
    expect(content.descriptions[deal.Description]).toBe(
      `${firm.descriptions[deal.Description]}<p>See <a href="${service.origin}/our-work">our work</a>.</p>`,
    );
    expect(Object.keys(content.descriptions).sort()).toEqual(Object.keys(firm.descriptions).sort());
    expect(JSON.stringify(content)).not.toContain("sfref");
  });
});

describe("a deal's counterparty and service", () => {
  it("come from the fields the settings name", async () => {
    const [sold, unrecorded] = [firm.transactions[4]!, firm.transactions[5]!];
    service.edit(DEALS_SET, unrecorded.Id, { [COUNTERPARTY_FIELD]: null, [SERVICE_FIELD]: " " });
    await sync();
    const deals = new Map((await readContent(site.db)).transactions.map((t) => [t.Id, t]));
    expect(deals.get(sold.Id)).toMatchObject({
      Counterparty: sold.Counterparty,
      Service: sold.Service,
    });
    expect(deals.get(unrecorded.Id)).not.toHaveProperty("Counterparty");
    expect(deals.get(unrecorded.Id)).not.toHaveProperty("Service");
  });

  it("are not needed: a Sitefinity without them syncs, and the site keeps those it holds", async () => {
    await sync();
    await service.close();
    service = await startSitefinityService(firm, { accessKey: ACCESS_KEY, hasDealFacts: false });
    const settings = {
      ...settingsFor(service),
      counterpartyField: undefined,
      serviceField: undefined,
    };
    const deal = firm.transactions[7]!;
    service.edit(DEALS_SET, deal.Id, { Company: "Renamed Holdings" });
    expect((await sync({ settings, isFull: true })).outcome).toBe("written");
    const synced = (await readContent(site.db)).transactions.find((t) => t.Id === deal.Id);
    expect(synced).toMatchObject({
      Company: "Renamed Holdings",
      Counterparty: deal.Counterparty,
      Service: deal.Service,
    });
  });

  it("stop the sync, naming the setting, when the settings name a field the items lack", async () => {
    await service.close();
    service = await startSitefinityService(firm, { accessKey: ACCESS_KEY, hasDealFacts: false });
    await expect(sync()).rejects.toThrow(
      `the web service's ${DEALS_SET} items have no field "${COUNTERPARTY_FIELD}": check "counterpartyField" in the sync's settings`,
    );
    expect(await contentRevision(site.db)).toBe(1);
  });
});

describe("later syncs", () => {
  beforeEach(async () => {
    await sync();
  });

  it("fetch only the changed items: a changed deal, a new and a deleted article", async () => {
    const [deal, gone] = [firm.transactions[7]!, firm.articles[3]!];
    const fresh = {
      ...firm.articles[5]!,
      Id: "5b1c0d2e-3f40-4a51-9b62-7c83d94e0fa1",
      UrlName: "fresh-outlook",
      Title: "A fresh outlook",
    };
    service.edit(DEALS_SET, deal.Id, { Company: "Renamed Holdings" });
    service.remove(NEWS_SET, gone.Id);
    service.add(NEWS_SET, fresh);
    const before = served();
    const report = await sync();
    expect(served().map((n, i) => n - before[i]!)).toEqual([1, 1]);
    expect(report.fetched).toBe(2);
    expect(report.sets.slice(3)).toEqual([
      { set: DEALS_SET, listed: 120, added: 0, changed: 1, removed: 0 },
      { set: NEWS_SET, listed: 40, added: 1, changed: 0, removed: 1 },
    ]);
    const content = await readContent(site.db);
    expect(content.transactions.find((t) => t.Id === deal.Id)?.Company).toBe("Renamed Holdings");
    expect(content.articles.some((a) => a.Id === gone.Id)).toBe(false);
    expect(content.articles.find((a) => a.Id === fresh.Id)?.Title).toBe("A fresh outlook");
    expect(await contentRevision(site.db)).toBe(3);
  });

  it("refuse to empty a set the service suddenly lists as empty, unless told it is meant", async () => {
    for (const article of firm.articles) service.remove(NEWS_SET, article.Id);
    const refused = await sync().catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(SyncRefusedError);
    expect(String(refused)).toContain(
      `${NEWS_SET}: the web service lists none, where this site holds ${firm.articles.length}`,
    );
    expect(await contentRevision(site.db)).toBe(2);
    expect(await sync({ isEmptyAllowed: true })).toMatchObject({ outcome: "written" });
    expect((await readContent(site.db)).articles).toEqual([]);
  });

  it("keep a deal's page where Sitefinity says: its UrlName, even when the client's name changes", async () => {
    const deal = firm.transactions[9]!;
    service.edit(DEALS_SET, deal.Id, { UrlName: "a-deal-the-editors-named", Company: "Newname" });
    await sync();
    const content = await readContent(site.db);
    expect(content.transactions.find((t) => t.Id === deal.Id)).toMatchObject({
      Company: "Newname",
      UrlName: "a-deal-the-editors-named",
    });
  });

  it("with nothing changed, list each set once, fetch nothing and write nothing", async () => {
    const exported = JSON.stringify(await readContent(site.db));
    const requestsBefore = service.requests.length;
    const report = await sync();
    expect(report.outcome).toBe("unchanged");
    expect(await contentRevision(site.db)).toBe(2);
    expect(JSON.stringify(await readContent(site.db))).toBe(exported);
    const pages = (n: number) => Math.ceil(n / PAGE_SIZE);
    // One more each for the people, offices and alerts sets, which this service does not have.
    const listingPass =
      1 +
      pages(firm.hierarchyTaxa.length) +
      pages(firm.flatTaxa.length) +
      pages(120) +
      pages(40) +
      3;
    expect(report.requests).toBe(listingPass);
    const requests = service.requests.slice(requestsBefore);
    expect(requests).toHaveLength(listingPass);
    expect(
      requests
        .filter((r) => r.includes(`/${DEALS_SET}?`))
        .every((r) => r.includes("$select=Id,LastModified")),
    ).toBe(true);
  });

  it("change nothing when an item is invalid, and name it by set, Id and field", async () => {
    const before = JSON.stringify(await readContent(site.db));
    const [deal, article] = [firm.transactions[2]!, firm.articles[1]!];
    const category = service.items("hierarchy-taxa").find((t) => t.Name === "Events")!.Id;
    service.edit(DEALS_SET, deal.Id, { Date: null, Company: "Fine Again" });
    service.edit(NEWS_SET, article.Id, { Tags: [category] });
    const error = await sync().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SyncRefusedError);
    expect((error as SyncRefusedError).problems).toEqual([
      `${DEALS_SET} ${deal.Id}: Date: not a date`,
      `${NEWS_SET} ${article.Id}: Tags[0]: no such tag`,
    ]);
    expect(await contentRevision(site.db)).toBe(2);
    expect(JSON.stringify(await readContent(site.db))).toBe(before);
  });

  it("--full fetches every item again, changed or not", async () => {
    const report = await sync({ isFull: true });
    expect(report.fetched).toBe(160);
    expect(report.sets[3]).toEqual({
      set: DEALS_SET,
      listed: 120,
      added: 0,
      changed: 120,
      removed: 0,
    });
    expect(await contentRevision(site.db)).toBe(3);
  });

  it("stops, naming the setting, when the items lack a field the settings name", async () => {
    service.edit(DEALS_SET, firm.transactions[0]!.Id, { Company: "Renamed Holdings" });
    const settings = { ...settingsFor(service), industriesField: "Sectors" };
    await expect(sync({ settings })).rejects.toThrow(
      `the web service's ${DEALS_SET} items have no field "Sectors": check "industriesField" in the sync's settings`,
    );
    expect(await contentRevision(site.db)).toBe(2);
  });

  it("--dry-run reports what would change and writes nothing", async () => {
    service.remove(DEALS_SET, firm.transactions[0]!.Id);
    const report = await sync({ isDryRun: true });
    expect(report.outcome).toBe("dry-run");
    expect(report.sets[3]).toEqual({
      set: DEALS_SET,
      listed: 119,
      added: 0,
      changed: 0,
      removed: 1,
    });
    expect(await contentRevision(site.db)).toBe(2);
  });

  it("does not undo an import made while it ran", async () => {
    await service.close();
    service = await startSitefinityService(firm, { accessKey: ACCESS_KEY, latencyMs: 100 });
    service.edit(DEALS_SET, firm.transactions[0]!.Id, { Company: "Renamed Holdings" });
    const running = sync().catch((e: unknown) => e);
    // The sync has read what it holds and is waiting for the service: an import commits.
    while (service.requests.length === 0) await new Promise((r) => setTimeout(r, 5));
    const imported = parsedContent(generateContent({ transactions: 30, articles: 5, seed: 5 }));
    await replaceContent(site.db, imported);
    const error = await running;
    expect(error).toBeInstanceOf(ContentChangedError);
    expect(String(error)).toMatch(/the content changed while this ran \(revision 2, now 3\)/);
    expect((await readContent(site.db)).transactions).toEqual(imported.transactions);
  });
});

describe("failures change nothing", () => {
  it("into a database without content: says to import or seed it first", async () => {
    const empty = await tempDatabase(null);
    try {
      await expect(sync({}, empty.db)).rejects.toThrow(
        /holds no content yet: import a content file first \(npm run content:import\), or start the site once with SEED_DEMO=true/,
      );
    } finally {
      await empty.cleanup();
    }
  });

  it("without the access key: 401, naming the setting", async () => {
    const error = await sync({ accessKey: undefined }).catch((e: unknown) => e);
    expect(String(error)).toMatch(/answered 401 Unauthorized .*: set SITEFINITY_ACCESS_KEY/);
    expect(await contentRevision(site.db)).toBe(1);
  });

  it("a service that hangs ends the sync with a clear error after its tries", async () => {
    service.setHanging(true);
    const hasty = { ...quick, timeoutMs: 300 };
    const error = await sync({ client: hasty }).catch((e: unknown) => e);
    expect(String(error)).toMatch(
      /no answer within 0.3 s .*\(tried 2 times\); nothing was changed/,
    );
    expect(await contentRevision(site.db)).toBe(1);
  });

  it("two syncs at once: one runs, the other says another is running and does nothing", async () => {
    const other = connect(site.url);
    try {
      const reports = await Promise.all([sync(), sync({}, other)]);
      expect(reports.map((r) => r.outcome).sort()).toEqual(["busy", "written"]);
      expect(await contentRevision(site.db)).toBe(2);
      // Once the first has finished, the next runs.
      expect((await sync({}, other)).outcome).toBe("unchanged");
    } finally {
      await other.close();
    }
  });
});
