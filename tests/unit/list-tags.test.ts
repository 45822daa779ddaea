import { createHash } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ContentFile } from "../../src/content/content-file.ts";
import { connect, type Db } from "../../src/db/connect.ts";
import { generateContent } from "../../src/db/demo/generate.ts";
import { migrate } from "../../src/db/migrate.ts";
import {
  contentRevision,
  readContent,
  replaceContent,
  writeItems,
} from "../../src/db/repositories/content-repository.ts";
import { discover } from "../../src/record/discover.ts";
import { isPublication, replyTags, SEEDS } from "../../src/record/touched.ts";
import { WIDGET_IDS } from "../../src/record/widget-requests.ts";
import { loadAstroHandler } from "../../src/server/boot.ts";
import { loadConfig } from "../../src/server/config.ts";
import { withSnapshot, type CaptureSite } from "../../src/server/record/capture-app.ts";
import { contentChangeTags, itemChanges, itemChangeTags } from "../../src/sync/change-tags.ts";

// The cache tags of the built site's pages, as it sends them (`Surrogate-Key`), against the tags
// a write touches, as the hooks and the sync compute them: every page whose bytes a write changed
// carries a tag the write touched (a purge by those tags leaves no stale page), and a renamed
// deal or article reaches only the pages of a paged list that show it. The whole site is
// rendered before and after each write, through its own app, as the record's capture renders it.

const firm = generateContent({ transactions: 80, articles: 26, seed: 5 });
const ORIGIN = "https://www.firm.example";
const SERVICE_LIST = /^\/services\/[^/]+\/transactions(\?|$)/;
const ARTICLE_LIST =
  /^\/latest-articles-commentary\/.*all-articles-and-commentary(\/-in-tags\/|\?|$)/;

type Deal = ContentFile["transactions"][number];
type Article = ContentFile["articles"][number];
interface Rendered {
  status: number;
  digest: string;
  tags: string[];
}

let dir: string;
let db: Db;
let site: CaptureSite;
/** The site as last rendered: what the next write's pages are compared with. */
let last: Map<string, Rendered>;

/**
 * Every page the site leads to from its seeds (the sitemap, the paged lists, the feeds), and
 * every address of `also`, rendered: its status, body digest and tags. Assets and the search's
 * pages are left out.
 */
async function renderSite(also: Iterable<string> = []): Promise<Map<string, Rendered>> {
  return withSnapshot(db, site, async (_revision, ask) => {
    const pages = new Map<string, Rendered>();
    const queue = [...SEEDS, ...also];
    for (let next = 0; next < queue.length; next += 1) {
      const url = queue[next]!;
      if (pages.has(url)) continue;
      const reply = await ask(url);
      const tags = replyTags(reply.headers);
      if (!isPublication(tags)) continue;
      const body = reply.body.toString("utf8");
      pages.set(url, {
        status: reply.status,
        digest: createHash("sha256").update(reply.body).digest("hex"),
        tags,
      });
      if (reply.status >= 300) continue;
      const found = discover(
        `${ORIGIN}${url}`,
        reply.headers["content-type"] ?? "",
        body,
        WIDGET_IDS,
      );
      for (const page of found.pages) if (!pages.has(page)) queue.push(page);
    }
    return pages;
  });
}

/** What a write did to the site's pages: those it changed, and those whose tags it touched. */
async function write(act: () => Promise<readonly string[]>) {
  const before = last;
  const touched = new Set(await act());
  const after = await renderSite(before.keys());
  last = after;
  const changed = [...before].filter(([url, page]) => {
    const now = after.get(url)!;
    return now.status !== page.status || now.digest !== page.digest;
  });
  const reached = [...before].filter(([, page]) => page.tags.some((tag) => touched.has(tag)));
  return {
    before,
    changed: changed.map(([url]) => url),
    reached: reached.map(([url]) => url),
    stale: changed.filter(([url]) => !reached.some(([r]) => r === url)).map(([url]) => url),
  };
}

/** Writes `change` to the whole content as a sync does, with the tags the sync computes. */
const syncWrite = (change: (content: ContentFile) => void) => async () => {
  const current = await readContent(db);
  const next = structuredClone(current);
  change(next);
  const tags = contentChangeTags(current, next);
  await replaceContent(db, next, { ifRevision: await contentRevision(db), tags });
  return tags;
};

/** Writes one changed deal or article in place as a service hook does, with the hook's tags. */
const hookWrite =
  (set: "transactions" | "articles", id: string, change: (item: Deal & Article) => void) =>
  async () => {
    const current = await readContent(db);
    const held = current[set].filter((item) => item.Id === id);
    const next = structuredClone(held) as (Deal & Article)[];
    change(next[0]!);
    const none = { transactions: [], articles: [], descriptions: current.descriptions };
    const changes = itemChanges({ ...none, [set]: held }, { ...none, [set]: next });
    const tags = itemChangeTags(changes, current.hierarchyTaxa);
    const written = { removed: [], written: [] };
    await writeItems(
      db,
      {
        deals: set === "transactions" ? { removed: [], written: next } : written,
        articles: set === "articles" ? { removed: [], written: next } : written,
        descriptions: {},
      },
      { ifRevision: await contentRevision(db), tags },
    );
    return tags;
  };

/** The list pages (by `pattern`) among `urls`. */
const lists = (urls: readonly string[], pattern: RegExp) => urls.filter((u) => pattern.test(u));
const FEEDS = /^\/feeds\//;

describe("the pages a write purges", { timeout: 600_000 }, () => {
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "site-list-tags-"));
    db = connect(`file:${join(dir, "site.db")}`, { create: true });
    await migrate(db);
    await replaceContent(db, firm, { cause: { type: "demo" } });
    process.env.NODE_ENV = "production";
    site = { config: loadConfig({ SITE_URL: ORIGIN }), astro: await loadAstroHandler() };
    last = await renderSite();
  }, 180_000);
  afterAll(async () => {
    await db?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("for a renamed deal: its page and the one page of its service's list that shows it", async () => {
    const current = await readContent(db);
    const counts = Map.groupBy(current.transactions, (d) => d.Service);
    const [service] = [...counts].sort((a, b) => b[1].length - a[1].length)[0]!;
    const deal = current.transactions.filter((d) => d.Service === service)[14]!;
    const result = await write(
      hookWrite("transactions", deal.Id, (d) => (d.Company = "Renamed Precision Holdings")),
    );
    expect(result.stale).toEqual([]);
    const rendered = [...result.before.keys()];
    const showing = lists(rendered, SERVICE_LIST).filter((u) =>
      result.before.get(u)!.tags.includes(`deal-${deal.Id}`),
    );
    // The deal shows on one page of its service's list, of three or more: that page alone is
    // reached, and it alone changed.
    expect(showing).toHaveLength(1);
    const path = showing[0]!.split("?")[0]!;
    expect(rendered.filter((u) => u.split("?")[0] === path).length).toBeGreaterThanOrEqual(3);
    expect(lists(result.reached, SERVICE_LIST)).toEqual(showing);
    expect(lists(result.changed, SERVICE_LIST)).toEqual(showing);
    // The feeds that show it, and no other.
    expect(lists(result.reached, FEEDS)).toEqual(lists(result.changed, FEEDS));
    expect(result.reached).toContain(`/transactions/${deal.UrlName}`);
  });

  it("for a renamed article: its page and the pages of the article lists that show it", async () => {
    const current = await readContent(db);
    const article = current.articles[20]!;
    const result = await write(
      hookWrite("articles", article.Id, (a) => (a.Title = "A Renamed Precise Article")),
    );
    expect(result.stale).toEqual([]);
    const listed = lists(result.reached, ARTICLE_LIST);
    expect(listed.length).toBeGreaterThan(0);
    expect(listed).toEqual(lists(result.changed, ARTICLE_LIST));
    expect(lists(result.reached, FEEDS)).toEqual(lists(result.changed, FEEDS));
    expect(lists([...result.before.keys()], ARTICLE_LIST).length).toBeGreaterThan(listed.length);
  });

  it("for a deal added, removed, re-dated or moved to another service, or two swapped: every page it changed", async () => {
    const current = await readContent(db);
    const [first, second] = current.transactions;
    const other = current.transactions.find((d) => d.Service && d.Service !== first!.Service)!;
    const changes: [string, (content: ContentFile) => void][] = [
      [
        "added",
        (c) =>
          c.transactions.push({
            ...structuredClone(first!),
            Id: "0e0e0e0e-0000-4000-8000-00000000000e",
            UrlName: "a-deal-added-to-the-lists",
            Date: "2026-01-15T00:00:00Z",
          }),
      ],
      ["removed", (c) => c.transactions.splice(3, 1)],
      ["re-dated", (c) => (c.transactions[5]!.Date = "2003-03-03T00:00:00Z")],
      ["re-serviced", (c) => (c.transactions[7]!.Service = other.Service)],
      [
        "swapped",
        (c) => {
          c.transactions[1] = { ...first!, Date: second!.Date };
          c.transactions[0] = second!;
        },
      ],
    ];
    for (const [name, change] of changes) {
      const result = await write(syncWrite(change));
      expect(result.changed.length, name).toBeGreaterThan(0);
      expect(result.stale, name).toEqual([]);
    }
  });

  it("for an article added, re-dated or re-tagged: every page it changed", async () => {
    const current = await readContent(db);
    const article = current.articles[4]!;
    const topic = current.articles.find((a) => a.Tags[0] !== article.Tags[0])!.Tags[0]!;
    const changes: [string, (content: ContentFile) => void][] = [
      [
        "added",
        (c) =>
          c.articles.push({
            ...structuredClone(article),
            Id: "0f0f0f0f-0000-4000-8000-00000000000f",
            UrlName: "an-article-added-to-the-lists",
            PublicationDate: "2026-01-15T00:00:00Z",
          }),
      ],
      ["re-dated", (c) => (c.articles[9]!.PublicationDate = "2004-04-04T00:00:00Z")],
      ["re-tagged", (c) => (c.articles[4]!.Tags = [topic])],
    ];
    for (const [name, change] of changes) {
      const result = await write(syncWrite(change));
      expect(result.changed.length, name).toBeGreaterThan(0);
      expect(result.stale, name).toEqual([]);
    }
  });
});
