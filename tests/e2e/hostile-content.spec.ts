import type { Page } from "@playwright/test";
import {
  articlePath,
  dealPath,
  INSIGHTS_FEED_PATH,
  topicFeedPath,
  topicPath,
  TRANSACTIONS_FEED_PATH,
} from "../../src/rules/site-paths.ts";
import { HOSTILE_LETTERS, hostileContent, payloads } from "../fixtures/hostile-content.ts";
import { fetchFeed, linkOf, strictlyParsed } from "./feed-helpers.ts";
import { expect, test } from "./fixtures.ts";
import { importedSite } from "./imported-site.ts";

// Content and addresses full of XSS payloads, imported through the real command and browsed in
// Chromium: no payload may run (no dialog, no canary), none may reach the DOM as live markup,
// and every page still renders.

const content = hostileContent();
const ownSite = importedSite("hostile", () => content);

/** Opens a page with dialog and error watchers; returns what went wrong. */
async function visit(page: Page, path: string) {
  const dialogs: string[] = [];
  const errors: string[] = [];
  page.on("dialog", (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  page.on("pageerror", (e) => errors.push(e.message));
  const response = await page.goto(`${ownSite().url}${path}`, { waitUntil: "networkidle" });
  return { response, dialogs, errors };
}

/** No payload ran and none is live in the DOM. */
async function expectNothingRan(page: Page, dialogs: string[]) {
  expect(dialogs).toEqual([]);
  expect(
    await page.evaluate(() => (window as unknown as { __xss?: unknown }).__xss),
  ).toBeUndefined();
  const live = await page.evaluate(() => ({
    handlers: [...document.querySelectorAll("*")].flatMap((el) =>
      [...el.attributes]
        .filter((a) => a.name.startsWith("on"))
        .map((a) => `${el.tagName} ${a.name}`),
    ),
    jsLinks: [...document.querySelectorAll("a[href], form[action], iframe, object, embed, base")]
      .map((el) => el.getAttribute("href") ?? el.getAttribute("action") ?? el.tagName)
      .filter((v) => /^\s*(javascript|data):|IFRAME|OBJECT|EMBED|BASE/i.test(v)),
    scripts: [...document.scripts].filter(
      // Data blocks (the widgets' JSON, a deal page's JSON-LD) are never run.
      (s) =>
        s.textContent?.includes("__xss") &&
        s.type !== "application/json" &&
        s.type !== "application/ld+json",
    ).length,
  }));
  expect(live).toEqual({ handlers: [], jsLinks: [], scripts: 0 });
}

test("every page renders the hostile content as text, and no payload runs", async ({ page }) => {
  test.setTimeout(120_000);
  const hostileArticles = content.articles.slice(0, payloads.urlNames.length + 3);
  const hostileDeals = content.transactions.slice(0, payloads.urlNames.length + 3);
  const hostileTopics = content.flatTaxa.filter((t) =>
    payloads.urlNames.some((n) => t.UrlName.startsWith(n)),
  );
  const paths = [
    "/",
    "/about",
    "/services",
    "/latest-articles-commentary/featured-articles-commentary/all-articles-and-commentary",
    ...hostileArticles.map((a) => articlePath(a.UrlName)),
    ...hostileTopics.map((t) => topicPath(t.UrlName)),
    ...hostileDeals.map((d) => dealPath(d.UrlName)),
    "/search?q=holdings&kind=deal",
    `/search?q=${encodeURIComponent(payloads.text[0]!)}`,
    `/search?q=${encodeURIComponent("body summary deal")}`,
    `/${encodeURIComponent(payloads.text[1]!)}`,
  ];
  expect(hostileTopics.length).toBeGreaterThan(0);
  for (const path of paths) {
    const { response, dialogs, errors } = await visit(page, path);
    expect(response?.status(), path).toBeLessThan(500);
    await expect(page.getByRole("heading", { level: 1 }), path).toBeVisible();
    await expectNothingRan(page, dialogs);
    expect(errors, path).toEqual([]);
  }
});

test("the feeds carry hostile titles, topics and addresses as text, and their summaries inert", async ({
  page,
  request,
}) => {
  const site = ownSite().url;
  const hostileTopics = content.flatTaxa.filter((t) =>
    payloads.text.some((p) => t.Title.includes(p)),
  );
  // Some of them have articles: their entries are read too.
  expect(hostileTopics.some((t) => content.articles.some((a) => a.Tags.includes(t.Id)))).toBe(true);
  // What each entry stands for, by its id.
  const expected = new Map<string, { title: string; path: string }>([
    ...content.articles.map(
      (a) => [`urn:uuid:${a.Id}`, { title: a.Title, path: articlePath(a.UrlName) }] as const,
    ),
    ...content.transactions.map(
      (d) => [`urn:uuid:${d.Id}`, { title: d.Company, path: dealPath(d.UrlName!) }] as const,
    ),
  ]);
  const paths = [
    INSIGHTS_FEED_PATH,
    TRANSACTIONS_FEED_PATH,
    ...hostileTopics.map((t) => topicFeedPath(t.UrlName)),
  ];
  const summaries: string[] = [];
  for (const path of paths) {
    const { xml, feed } = await fetchFeed(request, `${site}${path}`);
    // Well-formed to the browser's strict parser: a payload broke out of no element.
    expect(await strictlyParsed(page, xml), path).toEqual({
      root: "feed",
      namespace: "http://www.w3.org/2005/Atom",
    });
    if (!path.startsWith("/feeds/topics/")) expect(feed.entries?.length, path).toBeGreaterThan(0);
    for (const entry of feed.entries ?? []) {
      const item = expected.get(entry.id!);
      // Read back exactly: escaped once, as text, never as markup.
      expect(entry.title, path).toEqual({ type: "text", value: item?.title });
      expect(linkOf(entry), path).toBe(`${site}${item?.path}`);
      if (entry.summary) summaries.push(entry.summary.value);
    }
  }
  for (const topic of hostileTopics) {
    const { feed } = await fetchFeed(request, `${site}${topicFeedPath(topic.UrlName)}`);
    expect(feed.title?.value).toBe(
      `Articles & Commentary: ${topic.Title} | ${content.site.firmName}`,
    );
    for (const entry of feed.entries ?? [])
      expect(entry.categories?.map((c) => c.label)).toContain(topic.Title);
  }
  // The summaries are HTML: read as a reader would, nothing in them can run.
  const live = await page.evaluate((htmls) => {
    const found: string[] = [];
    for (const html of htmls) {
      const body = new DOMParser().parseFromString(html, "text/html").body;
      for (const element of body.querySelectorAll("*")) {
        if (/^(script|iframe|object|embed|style|form|base)$/i.test(element.localName))
          found.push(element.localName);
        for (const attribute of element.attributes)
          if (/^on/i.test(attribute.name) || /^\s*(javascript|data):/i.test(attribute.value))
            found.push(`${element.localName} ${attribute.name}`);
      }
    }
    return found;
  }, summaries);
  expect(live).toEqual([]);
  expect(summaries.join("")).toContain("Summary");
});

test("a feed opened in the browser runs nothing, and a topic page names its feed as text", async ({
  page,
}) => {
  for (const path of [INSIGHTS_FEED_PATH, TRANSACTIONS_FEED_PATH]) {
    const { response, dialogs, errors } = await visit(page, path);
    expect(response?.status(), path).toBe(200);
    await expectNothingRan(page, dialogs);
    expect(errors, path).toEqual([]);
  }
  const topic = content.flatTaxa.find(
    (t) =>
      payloads.text.some((p) => t.Title.includes(p)) &&
      payloads.urlNames.some((n) => t.UrlName.startsWith(n)),
  )!;
  const { dialogs } = await visit(page, topicPath(topic.UrlName));
  const link = page.locator('head link[rel="alternate"][type="application/atom+xml"]');
  await expect(link).toHaveAttribute("title", `Articles & Commentary: ${topic.Title}`);
  await expect(link).toHaveAttribute("href", `${ownSite().url}${topicFeedPath(topic.UrlName)}`);
  await expectNothingRan(page, dialogs);
});

test("an article's hostile title shows as text in its heading", async ({ page }) => {
  const article = content.articles[0]!;
  await visit(page, articlePath(article.UrlName));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(article.Title);
});

test("a deal's hostile client and UrlName show as text on its page and in the search", async ({
  page,
}) => {
  const deal = content.transactions[0]!;
  const { dialogs } = await visit(page, dealPath(deal.UrlName));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(deal.Company);
  await expectNothingRan(page, dialogs);
  const search = await visit(page, `/search?q=${encodeURIComponent(deal.Company)}&kind=deal`);
  const results = page.getByRole("main").getByRole("link", { name: deal.Company, exact: true });
  await expect(results.first()).toBeVisible();
  const hrefs = await results.evaluateAll((links) => links.map((a) => a.getAttribute("href")));
  expect(hrefs).toContain(dealPath(deal.UrlName));
  await expectNothingRan(page, search.dialogs);
});

test("the transactions widget shows hostile descriptions and companies inertly, with hostile filters and URL", async ({
  page,
}) => {
  const hostileQuery = encodeURIComponent(payloads.text[1]!);
  const { dialogs, errors } = await visit(
    page,
    `/transactions?q=${hostileQuery}&industry=${hostileQuery}&date=${hostileQuery}&amount=${hostileQuery}`,
  );
  await expect(page.locator("#historicaltransactions")).not.toContainText("Loading");
  // Checked on the hostile address's own page: the next goto would replace its DOM and window.
  await expect(page.getByLabel("Search by description")).toHaveValue(payloads.text[1]!);
  await expectNothingRan(page, dialogs);
  expect(errors).toEqual([]);
  await page.goto(`${ownSite().url}/transactions`, { waitUntil: "networkidle" });
  await expect(page.getByRole("table")).toBeVisible();
  for (const text of [payloads.text[0]!, payloads.html[1]!, "Deal"]) {
    await page.getByLabel("Search by description").fill(text);
    await page.getByRole("button", { name: "Search Historical Transactions" }).click();
  }
  await expect(page.getByRole("table")).toContainText("Deal");
  await expectNothingRan(page, dialogs);
  expect(errors).toEqual([]);
});

test("the topics widget shows hostile titles inertly and survives a hostile hash and query", async ({
  page,
}) => {
  const { dialogs, errors } = await visit(
    page,
    `/topics?letter=${encodeURIComponent(payloads.text[0]!)}#${encodeURIComponent(payloads.text[1]!)}`,
  );
  await expect(page.getByRole("toolbar", { name: "Topics by letter" })).toBeVisible();
  const letters = page.getByRole("toolbar", { name: "Topics by letter" });
  for (const letter of HOSTILE_LETTERS) {
    await letters
      .getByRole("button", { name: new RegExp(`^${letter}\\b`, "i") })
      .first()
      .click();
    await expect(page.locator("#topicsearch")).toContainText("window.__xss");
  }
  await expectNothingRan(page, dialogs);
  expect(errors).toEqual([]);
});

test("the hostile alert shows as text and closes", async ({ page }) => {
  const { dialogs } = await visit(page, "/");
  const alert = page.getByRole("region", { name: "Alert" });
  await expect(alert).toContainText(payloads.text[0]!);
  await page.getByRole("button", { name: "Close alert" }).click();
  await expect(alert).toHaveCount(0);
  await expectNothingRan(page, dialogs);
});
