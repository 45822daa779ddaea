import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { formatLongDate } from "../../src/lib/dates.ts";
import { formatDealSize } from "../../src/lib/deal-size.ts";
import { storedDateTime } from "../../src/rules/date-time.ts";
import { htmlToText } from "../../src/rules/html-text.ts";
import { findTaxonomy, TAGS_TAXONOMY_NAME } from "../../src/rules/taxonomies.ts";
import {
  ARTICLES_PATH,
  articlePath,
  dealPath,
  INSIGHTS_FEED_PATH,
  topicFeedPath,
  topicPath,
  TRANSACTIONS_FEED_PATH,
} from "../../src/rules/site-paths.ts";
import { generateContent } from "../../src/db/demo/generate.ts";
import { runScriptAsync } from "../../tools/run-script.ts";
import { startServer, type ServerProcess } from "../../tools/server-process.ts";
import { apiList, fetchFeed, linkOf, strictlyParsed, type ParsedFeed } from "./feed-helpers.ts";
import { demoContent, expect, test } from "./fixtures.ts";
import { ownDatabase, type OwnDatabase } from "./imported-site.ts";

// The Atom feeds against the built site, read by feedsmith (a parser we did not write) and by
// Chromium's strict XML parser, and checked against the read API's latest items.

interface ApiArticle {
  Id: string;
  LastModified: string;
  Title: string;
  UrlName: string;
  PublicationDate: string;
  Summary: string;
  Tags: string[];
}
interface ApiDeal {
  Id: string;
  LastModified: string;
  UrlName: string;
  Date: string;
  Company: string;
  Size: number | null;
  Description: string;
}

const content = demoContent();
const firm = content.site.firmName;
const later = (a: string, b: string) => (storedDateTime(b)! > storedDateTime(a)! ? b : a);
const ARTICLES_API = "/api/default/articles?$orderby=PublicationDate desc&$top=50&$select=*,Tags";
// The topic with the most articles: its feed is long enough to show the order.
const topic = content.flatTaxa
  .map((t) => ({ t, n: content.articles.filter((a) => a.Tags.includes(t.Id)).length }))
  .toSorted((a, b) => b.n - a.n)[0]!.t;

/** The feed's own statements: its id and links, title, author, images and time. */
function expectFeedHead(feed: ParsedFeed, site: string, path: string, page: string, title: string) {
  expect(feed.id).toBe(`${site}${path}`);
  expect(linkOf(feed, "self")).toBe(`${site}${path}`);
  expect(linkOf(feed, "alternate")).toBe(`${site}${page}`);
  expect(feed.title).toEqual({ type: "text", value: `${title} | ${firm}` });
  expect(feed.subtitle?.value).toBeTruthy();
  expect(feed.authors).toEqual([{ name: firm, uri: `${site}/` }]);
  expect(feed.icon).toBe(`${site}/apple-touch-icon.png`);
  expect(feed.logo).toBe(`${site}/share.png`);
  const newest = (feed.entries ?? []).map((e) => e.updated!).reduce(later);
  expect(feed.updated).toBe(newest);
}

/** Each entry stands for the API's article at the same place. */
async function expectArticleEntries(feed: ParsedFeed, articles: ApiArticle[], site: string) {
  expect(feed.entries).toHaveLength(articles.length);
  for (const [i, entry] of (feed.entries ?? []).entries()) {
    const article = articles[i]!;
    const tags = article.Tags.map((id) => content.flatTaxa.find((t) => t.Id === id)!);
    expect(entry, article.UrlName).toMatchObject({
      id: `urn:uuid:${article.Id}`,
      title: { type: "text", value: article.Title },
      published: article.PublicationDate,
      updated: later(article.PublicationDate, article.LastModified),
      authors: [{ name: firm, uri: `${site}/` }],
      summary: { type: "html" },
    });
    expect(linkOf(entry)).toBe(`${site}${articlePath(article.UrlName)}`);
    expect(htmlToText(entry.summary!.value)).toBe(htmlToText(article.Summary));
    expect(entry.categories ?? []).toEqual(
      tags.map((t) => ({ term: t.UrlName, label: t.Title, scheme: `${site}${topicPath("")}` })),
    );
  }
}

test("the insights feed holds the API's 50 latest articles, with their pages, dates, topics and summaries", async ({
  request,
  page,
  site,
}) => {
  const { xml, feed } = await fetchFeed(request, `${site}${INSIGHTS_FEED_PATH}`);
  expect(await strictlyParsed(page, xml)).toEqual({
    root: "feed",
    namespace: "http://www.w3.org/2005/Atom",
  });
  expectFeedHead(feed, site, INSIGHTS_FEED_PATH, ARTICLES_PATH, "Articles & Commentary");
  const articles = await apiList<ApiArticle>(request, `${site}${ARTICLES_API}`);
  expect(articles).toHaveLength(50);
  await expectArticleEntries(feed, articles, site);
});

test("a topic's feed holds the API's latest articles with that tag", async ({
  request,
  page,
  site,
}) => {
  const path = topicFeedPath(topic.UrlName);
  const { xml, feed } = await fetchFeed(request, `${site}${path}`);
  expect((await strictlyParsed(page, xml)).root).toBe("feed");
  expectFeedHead(
    feed,
    site,
    path,
    topicPath(topic.UrlName),
    `Articles & Commentary: ${topic.Title}`,
  );
  const articles = await apiList<ApiArticle>(
    request,
    `${site}${ARTICLES_API}&$filter=Tags/any(t: t eq ${topic.Id})`,
  );
  expect(articles.length).toBeGreaterThan(1);
  await expectArticleEntries(feed, articles, site);
});

test("the transactions feed holds the API's 50 latest deals, each with its page, facts and announcement", async ({
  request,
  page,
  site,
}) => {
  const { xml, feed } = await fetchFeed(request, `${site}${TRANSACTIONS_FEED_PATH}`);
  expect((await strictlyParsed(page, xml)).root).toBe("feed");
  expectFeedHead(feed, site, TRANSACTIONS_FEED_PATH, "/transactions", "Historical Transactions");
  const deals = await apiList<ApiDeal>(
    request,
    `${site}/api/default/transactions?$orderby=Date desc&$top=50`,
  );
  expect(deals).toHaveLength(50);
  expect(feed.entries).toHaveLength(50);
  expect(deals.some((d) => d.Size === null)).toBe(true);
  for (const [i, entry] of (feed.entries ?? []).entries()) {
    const deal = deals[i]!;
    expect(entry, deal.UrlName).toMatchObject({
      id: `urn:uuid:${deal.Id}`,
      title: { type: "text", value: deal.Company },
      updated: deal.LastModified,
      summary: { type: "html" },
    });
    expect(linkOf(entry)).toBe(`${site}${dealPath(deal.UrlName)}`);
    const summary = htmlToText(entry.summary!.value);
    expect(summary).toContain(`Closed ${formatLongDate(deal.Date)}`);
    expect(summary).toContain(`Size ${formatDealSize(deal.Size)}`);
    expect(summary).toContain(htmlToText(content.descriptions[deal.Description] ?? ""));
  }
});

test("an unknown topic's feed is not found", async ({ request, site }) => {
  const response = await request.get(`${site}/feeds/topics/no-such-topic.xml`);
  expect(response.status()).toBe(404);
  expect(response.headers()["content-type"]).toMatch(/^text\/html/);
});

test("feeds are sent as pages are: kept with a strong ETag, 304, HEAD, compressed, same caching", async ({
  request,
  site,
}) => {
  // A topic's feed no other test asks for, so that a HEAD is the first request it gets.
  const tags = findTaxonomy(content.taxonomies, TAGS_TAXONOMY_NAME)!;
  const quiet = content.flatTaxa.find((t) => t.TaxonomyId === tags.Id && t.Id !== topic.Id)!;
  const url = `${site}${topicFeedPath(quiet.UrlName)}`;
  const identity = { "accept-encoding": "identity" };
  const head = await request.head(url, { headers: identity });
  const get = await request.get(url, { headers: identity });
  expect(head.status()).toBe(200);
  expect(await head.text()).toBe("");
  expect(head.headers()["content-length"]).toBe(String((await get.body()).length));
  expect((await get.body()).length).toBeGreaterThan(500);
  const etag = get.headers()["etag"]!;
  expect(etag).toMatch(/^"[\w-]+"$/);
  expect(head.headers()["etag"]).toBe(etag);
  const again = await request.get(url, {
    headers: { ...identity, "if-none-match": etag },
  });
  expect(again.status()).toBe(304);
  for (const encoding of ["br", "gzip"]) {
    const response = await request.get(`${site}${INSIGHTS_FEED_PATH}`, {
      headers: { "accept-encoding": encoding },
    });
    expect(response.headers()["content-encoding"]).toBe(encoding);
  }
  const page = await request.get(`${site}/topics`);
  expect(get.headers()["cache-control"]).toBe(page.headers()["cache-control"]);
  expect(get.headers()["x-content-type-options"]).toBe("nosniff");
});

test("the sitemap lists pages, not feeds", async ({ request, site }) => {
  const sitemap = await (await request.get(`${site}/sitemap.xml`)).text();
  expect(sitemap).toContain("<loc>");
  expect(sitemap).not.toContain("/feeds/");
});

test("each page announces the feed that follows it, and only that one", async ({
  page,
  request,
  site,
}) => {
  const article = content.articles[0]!;
  const deal = content.transactions[0]!;
  const insights = { title: "Articles & Commentary", path: INSIGHTS_FEED_PATH };
  const deals = { title: "Historical Transactions", path: TRANSACTIONS_FEED_PATH };
  const topicFeed = {
    title: `Articles & Commentary: ${topic.Title}`,
    path: topicFeedPath(topic.UrlName),
  };
  const cases: [string, { title: string; path: string }[]][] = [
    ["/", [insights]],
    [ARTICLES_PATH, [insights]],
    [`${ARTICLES_PATH}?page=2`, [insights]],
    [articlePath(article.UrlName), [insights]],
    [topicPath(topic.UrlName), [topicFeed]],
    ["/transactions", [deals]],
    [dealPath(deal.UrlName!), [deals]],
    ["/topics", []],
    ["/about/contact", []],
    ["/search?q=valuation", []],
  ];
  for (const [path, feeds] of cases) {
    await page.goto(`${site}${path}`, { waitUntil: "domcontentloaded" });
    const links = await page
      .locator('head link[rel="alternate"][type="application/atom+xml"]')
      .evaluateAll((elements) =>
        elements.map((e) => ({ title: e.getAttribute("title"), href: e.getAttribute("href") })),
      );
    expect(links, path).toEqual(feeds.map((f) => ({ title: f.title, href: `${site}${f.path}` })));
    for (const link of links) await fetchFeed(request, link.href!);
  }
});

test.describe("a site's content imported again", () => {
  // A small site of this spec's own, at a SITE_URL that is not the address it is reached at.
  const SITE_URL = "https://www.halvorsen.example";
  const first = generateContent({ transactions: 24, articles: 16, seed: 21 });
  let dir = "";
  let database: OwnDatabase | undefined;
  let server: ServerProcess | undefined;
  const importContent = async (file: unknown) => {
    const path = join(dir, "content.json");
    writeFileSync(path, JSON.stringify(file));
    const imported = await runScriptAsync("content-import.ts", [path], {
      DATABASE_URL: database!.url,
    });
    expect(imported.status, imported.stderr).toBe(0);
  };
  test.beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "site-feeds-"));
    database = await ownDatabase(dir);
    await importContent(first);
    server = await startServer({ DATABASE_URL: database.url, SEED_DEMO: "false", SITE_URL });
  });
  test.afterAll(async () => {
    await server?.stop();
    await database?.remove();
    rmSync(dir, { recursive: true, force: true });
  });

  test("changes the kept feeds: a renamed article and deal show at once, under a new ETag", async ({
    request,
  }) => {
    const url = (path: string) => `${server!.url}${path}`;
    const before = await fetchFeed(request, url(INSIGHTS_FEED_PATH));
    const dealsBefore = await fetchFeed(request, url(TRANSACTIONS_FEED_PATH));
    // Links are absolute under SITE_URL, whatever address the feed was fetched at.
    expect(before.feed.id).toBe(`${SITE_URL}${INSIGHTS_FEED_PATH}`);
    expect(linkOf(before.feed.entries![0]!)).toMatch(new RegExp(`^${SITE_URL}/`));
    // Asked again: the kept reply, the same bytes.
    expect((await fetchFeed(request, url(INSIGHTS_FEED_PATH))).xml).toBe(before.xml);

    const second = structuredClone(first);
    const newestArticle = second.articles.find(
      (a) => `urn:uuid:${a.Id}` === before.feed.entries![0]!.id,
    )!;
    newestArticle.Title = "Renamed: earn-outs & <escrows>";
    const newestDeal = second.transactions.find(
      (d) => `urn:uuid:${d.Id}` === dealsBefore.feed.entries![0]!.id,
    )!;
    newestDeal.Company = 'Renamed "Nordlys" & Co';
    await importContent(second);

    await expect
      .poll(async () => (await fetchFeed(request, url(INSIGHTS_FEED_PATH))).feed.entries![0]!.title)
      .toEqual({ type: "text", value: "Renamed: earn-outs & <escrows>" });
    await expect
      .poll(
        async () => (await fetchFeed(request, url(TRANSACTIONS_FEED_PATH))).feed.entries![0]!.title,
      )
      .toEqual({ type: "text", value: 'Renamed "Nordlys" & Co' });
    const after = await fetchFeed(request, url(INSIGHTS_FEED_PATH));
    expect(after.response.headers()["etag"]).not.toBe(before.response.headers()["etag"]);
  });
});
