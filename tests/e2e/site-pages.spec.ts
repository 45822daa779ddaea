import { gzipSync } from "node:zlib";
import type { Page } from "@playwright/test";
import { BUDGETS } from "../../bench/budgets.ts";
import {
  ARTICLES,
  articlesNewestFirst,
  articleUrl,
  axeViolations,
  collectErrors,
  demoContent,
  expect,
  test,
  topicUrl,
} from "./fixtures.ts";
import { personPath } from "../../src/rules/site-paths.ts";

// Every kind of page: status, heading, head tags, content against the demo content, and axe at
// desktop and mobile sizes.
const content = demoContent();
const newest = articlesNewestFirst();
const article = newest[5]!;
const newestDeal = content.transactions.toSorted((a, b) => b.Date.localeCompare(a.Date))[0]!;
const PER_PAGE = 12;

interface PageCase {
  name: string;
  path: string;
  status?: number;
  h1: string;
  /** Pages holding a widget (other people's code): their API calls may fail for now. */
  isWidgetPage?: boolean;
}

const PAGES: PageCase[] = [
  { name: "home", path: "/", h1: content.site.tagline },
  {
    name: "transactions",
    path: "/transactions",
    h1: "Historical Transactions",
    isWidgetPage: true,
  },
  { name: "topics A – Z", path: "/topics", h1: "Topics A – Z", isWidgetPage: true },
  { name: "all articles", path: ARTICLES, h1: "Articles & Commentary" },
  { name: "all articles, page 2", path: `${ARTICLES}?page=2`, h1: "Articles & Commentary" },
  { name: "a topic page", path: topicUrl("economie-circulaire"), h1: "Économie Circulaire" },
  { name: "an article", path: articleUrl(article.UrlName), h1: article.Title },
  { name: "search", path: "/search", h1: "Search" },
  { name: "search with results", path: "/search?q=valuation", h1: "Search" },
  { name: "search with no results", path: "/search?q=zzqxv", h1: "Search" },
  { name: "search of one kind", path: "/search?q=aerospace&kind=deal", h1: "Search" },
  { name: "search with a spelling to try", path: "/search?q=kystne", h1: "Search" },
  { name: "a deal page", path: `/transactions/${newestDeal.UrlName}`, h1: newestDeal.Company },
  { name: "a content page", path: "/about/contact", h1: "Contact" },
  { name: "leadership", path: "/about/leadership", h1: "Leadership" },
  {
    name: "a profile",
    path: `/people/${content.people[0]!.UrlName}`,
    h1: content.people[0]!.Title,
  },
  { name: "industries", path: "/industries", h1: "Industries" },
  { name: "a service page", path: "/services/sell-side-advisory", h1: "Sell-Side Advisory" },
  {
    name: "a service's deals",
    path: "/services/sell-side-advisory/transactions",
    h1: "Sell-Side Advisory transactions",
  },
  { name: "not found", path: "/no-such-page", status: 404, h1: "Page not found" },
];

async function open(
  page: Page,
  site: string,
  { path, status = 200, isWidgetPage }: PageCase,
  { hasScript = true } = {},
) {
  const response = await page.goto(`${site}${path}`);
  expect(response?.status()).toBe(status);
  // Widgets render after their data arrives; axe should see them settled.
  if (isWidgetPage && hasScript) await widgetSettled(page);
}

/** Resolves once every island has run its script and every widget has left its loading state. */
async function widgetSettled(page: Page) {
  await expect(page.locator("astro-island[ssr]")).toHaveCount(0);
  const slots = page.locator(".widget-slot");
  for (const slot of await slots.all()) {
    await expect(slot.locator("section").first()).toBeVisible();
    await expect(slot.getByText(/^Loading/)).toHaveCount(0);
  }
}

for (const pageCase of PAGES) {
  test(
    `${pageCase.name}: shows its heading with no errors and no accessibility violations`,
    { tag: "@mobile" },
    async ({ page, site }) => {
      const errors = collectErrors(page);
      await open(page, site, pageCase);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(pageCase.h1);
      expect(await axeViolations(page)).toEqual([]);
      if (!pageCase.isWidgetPage) expect(errors).toEqual([]);
    },
  );
}

test.describe("head tags", () => {
  test.use({ javaScriptEnabled: false });

  test("every page has its own title, a description, a canonical link, og: tags and robots rules", async ({
    page,
    site,
  }) => {
    const titles = new Map<string, string>();
    for (const pageCase of PAGES) {
      await open(page, site, pageCase, { hasScript: false });
      const title = await page.title();
      expect(title, pageCase.name).toMatch(new RegExp(`${content.site.firmName}$`));
      expect(titles.get(title), `${pageCase.name} has the title of`).toBeUndefined();
      titles.set(title, pageCase.name);

      const meta = (selector: string) => page.locator(`head ${selector}`);
      const description = await meta('meta[name="description"]').getAttribute("content");
      expect(description?.length, `${pageCase.name} description`).toBeGreaterThan(10);
      const canonical = await meta('link[rel="canonical"]').getAttribute("href");
      expect(canonical, `${pageCase.name} canonical`).toMatch(new RegExp(`^${site}/`));
      if (pageCase.status === undefined && !pageCase.path.startsWith("/search"))
        expect(canonical, `${pageCase.name} canonical`).toBe(`${site}${pageCase.path}`);
      await expect(meta('meta[property="og:url"]')).toHaveAttribute("content", canonical!);
      await expect(meta('meta[property="og:description"]')).toHaveAttribute(
        "content",
        description!,
      );
      const ogTitle = await meta('meta[property="og:title"]').getAttribute("content");
      expect(title.startsWith(ogTitle!), `${pageCase.name} og:title`).toBe(true);
      const isArticle = pageCase.name === "an article";
      await expect(meta('meta[property="og:type"]'), pageCase.name).toHaveAttribute(
        "content",
        isArticle ? "article" : "website",
      );
      await expect(meta('meta[property="article:published_time"]')).toHaveCount(isArticle ? 1 : 0);
      if (isArticle) {
        await expect(meta('meta[property="article:published_time"]')).toHaveAttribute(
          "content",
          article.PublicationDate,
        );
      }
      // The share picture is served, and is the size its tags say.
      const image = await meta('meta[property="og:image"]').getAttribute("content");
      expect(image, `${pageCase.name} og:image`).toBe(`${site}/share.png`);
      await expect(meta('meta[property="og:site_name"]')).toHaveAttribute(
        "content",
        content.site.firmName,
      );
      await expect(meta('meta[name="twitter:card"]')).toHaveAttribute(
        "content",
        "summary_large_image",
      );
      // Search results and the not-found page ask not to be indexed; every other page may be.
      const isNoindex = pageCase.path.startsWith("/search") || pageCase.status === 404;
      await expect(meta('meta[name="robots"]'), pageCase.name).toHaveCount(isNoindex ? 1 : 0);
    }
  });
});

test("the share picture is a 1200 × 630 PNG, as its og: tags say", async ({
  page,
  request,
  site,
}) => {
  await page.goto(`${site}/`);
  const tag = (property: string) =>
    page.locator(`head meta[property="${property}"]`).getAttribute("content");
  const response = await request.get((await tag("og:image"))!);
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toBe(await tag("og:image:type"));
  const png = await response.body();
  // A PNG's IHDR chunk holds its width and height at bytes 16 and 20.
  expect(png.subarray(1, 4).toString("latin1")).toBe("PNG");
  expect(png.readUInt32BE(16)).toBe(Number(await tag("og:image:width")));
  expect(png.readUInt32BE(20)).toBe(Number(await tag("og:image:height")));
});

test("the home page shows the latest articles and transactions, and the footer links into every section", async ({
  page,
  site,
}) => {
  await page.goto(`${site}/`);
  const latest = page.getByRole("region", { name: "Latest articles & commentary" });
  await expect(latest.getByRole("heading", { level: 3 })).toHaveText(
    newest.slice(0, 6).map((a) => a.Title),
  );
  const deals = content.transactions.toSorted((a, b) => b.Date.localeCompare(a.Date));
  const recent = page.getByRole("region", { name: "Recent transactions" });
  await expect(recent.getByRole("listitem")).toHaveCount(6);
  for (const deal of deals.slice(0, 6)) await expect(recent).toContainText(deal.Company);
  const footer = page.getByRole("navigation", { name: "Footer" });
  for (const section of content.site.navigation) {
    const column = footer.locator("div").filter({
      has: page.getByRole("heading", { name: section.title, exact: true }),
    });
    const links = column.getByRole("link");
    await expect(links).toHaveText([section.title, ...section.children.map((c) => c.title)]);
    for (const [i, link] of [section, ...section.children].entries())
      await expect(links.nth(i)).toHaveAttribute("href", link.url);
  }
});

test("the article listing shows the newest first, twelve to a page", async ({ page, site }) => {
  const pageCount = Math.ceil(newest.length / PER_PAGE);
  for (const n of [1, 2]) {
    await page.goto(`${site}${ARTICLES}${n > 1 ? `?page=${n}` : ""}`);
    const expected = newest.slice((n - 1) * PER_PAGE, n * PER_PAGE);
    const main = page.getByRole("main");
    await expect(main.getByRole("status").first()).toHaveText(
      `${newest.length} articles, page ${n} of ${pageCount}`,
    );
    await expect(main.getByRole("heading", { level: 2 }).getByRole("link")).toHaveText(
      expected.map((a) => a.Title),
    );
    expect(
      await main
        .getByRole("listitem")
        .locator("time")
        .evaluateAll((times) => times.map((t) => t.getAttribute("datetime"))),
    ).toEqual(expected.map((a) => a.PublicationDate.slice(0, 10)));
    const pager = main.getByRole("navigation", { name: "Article pages" });
    await expect(pager.getByRole("link", { name: `Page ${n}`, exact: true })).toHaveAttribute(
      "aria-current",
      "page",
    );
  }
  const past = await page.goto(`${site}${ARTICLES}?page=${pageCount + 1}`);
  expect(past?.status()).toBe(404);
});

test("an article shows its date, text, topics and breadcrumbs", async ({ page, site }) => {
  await page.goto(`${site}${articleUrl(article.UrlName)}`);
  const main = page.getByRole("main");
  await expect(
    main.getByRole("navigation", { name: "Breadcrumb" }).getByRole("listitem"),
  ).toHaveText(["Home", "Articles & Commentary", article.Title]);
  await expect(main.locator("time").first()).toHaveAttribute(
    "datetime",
    article.PublicationDate.slice(0, 10),
  );
  await expect(main.getByRole("heading", { name: "Key considerations" })).toBeVisible();
  const tags = article.Tags.map((id) => content.flatTaxa.find((t) => t.Id === id)!);
  const topics = main.getByRole("region", { name: "Topics" }).getByRole("link");
  await expect(topics).toHaveText(tags.map((t) => t.Title));
  for (const [i, tag] of tags.entries())
    await expect(topics.nth(i)).toHaveAttribute("href", topicUrl(tag.UrlName));
});

test("unknown addresses answer 404 with the not-found page", async ({ page, site }) => {
  for (const path of ["/no-such-page", articleUrl("no-such-article"), "/about/no-such-page"]) {
    const response = await page.goto(`${site}${path}`);
    expect(response?.status(), path).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page not found");
  }
  const search = page.getByRole("main").getByRole("searchbox", { name: "Search the site" });
  await search.fill("earnout");
  await search.press("Enter");
  await expect(page).toHaveURL(/\/search\?q=earnout$/);
});

test(
  "the not-found page lines up under its heading with a full-size search form",
  {
    tag: "@mobile",
  },
  async ({ page, site }) => {
    await page.goto(`${site}/no-such-page`);
    const heading = (await page.getByRole("heading", { level: 1 }).boundingBox())!;
    const text = (await page.getByText("The address may be mistyped").boundingBox())!;
    expect(Math.abs(text.x - heading.x)).toBeLessThan(2);
    const field = page.getByRole("main").getByRole("searchbox", { name: "Search the site" });
    expect((await field.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    const button = page.getByRole("main").getByRole("button", { name: "Search" });
    await expect(button).toHaveCSS(
      "font-size",
      await page
        .getByText("The address may be mistyped")
        .evaluate((p) => getComputedStyle(p).fontSize),
    );
  },
);

// The budget of JavaScript per page, gzip-compressed, every script the page runs (inline ones too).
// The budgets' one home is bench/budgets.ts, which `npm run bench` checks too.
const JS_BUDGETS = [
  { name: "a content page", path: "/about/contact", kB: BUDGETS.jsKbContentPage },
  { name: "an article", path: articleUrl(article.UrlName), kB: BUDGETS.jsKbContentPage },
  { name: "a deal page", path: `/transactions/${newestDeal.UrlName}`, kB: BUDGETS.jsKbContentPage },
  { name: "the transactions page", path: "/transactions", kB: BUDGETS.jsKbTransactions },
];
for (const { name, path, kB } of JS_BUDGETS) {
  test(`${name} runs at most ${kB} kB of gzipped JavaScript`, async ({ page, site }) => {
    const scripts: Promise<Buffer>[] = [];
    page.on("response", (response) => {
      if (response.request().resourceType() === "script") scripts.push(response.body());
    });
    await page.goto(`${site}${path}`);
    // Scrolled to the end, so the islands that load when visible load too.
    await page.keyboard.press("End");
    await widgetSettled(page);
    const inline = await page
      .locator("script:not([src])")
      .evaluateAll((elements) =>
        elements
          .filter((e) => !e.getAttribute("type") || e.getAttribute("type") === "module")
          .map((e) => e.textContent ?? ""),
      );
    const bodies = [...(await Promise.all(scripts)), ...inline.map((text) => Buffer.from(text))];
    expect(bodies.length).toBeGreaterThan(2);
    const total = bodies.reduce((sum, body) => sum + gzipSync(body).length, 0);
    expect(total / 1000, `${total} bytes of gzipped JavaScript`).toBeLessThanOrEqual(kB);
  });
}

test("the sitemap lists every article, topic page, content page and deal", async ({
  request,
  site,
}) => {
  const response = await request.get(`${site}/sitemap.xml`);
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toMatch(/xml/);
  const xml = await response.text();
  const locs = new Set([...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]));
  // Each industry group's hub; a hub's introduction is a page at the hub's own path, listed once.
  const hubs = [
    "/industries",
    ...content.hierarchyTaxa
      .filter((t) => t.ParentId === "00000000-0000-0000-0000-000000000000")
      .map((t) => `/industries/${t.UrlName}`),
  ];
  const pages = content.site.pages.filter((p) => !hubs.includes(p.path));
  const missing = [
    "/",
    "/transactions",
    "/topics",
    ARTICLES,
    ...hubs,
    ...content.articles.map((a) => articleUrl(a.UrlName)),
    ...content.flatTaxa.map((t) => topicUrl(t.UrlName)),
    ...content.site.pages.map((p) => p.path),
    ...content.transactions.map((t) => `/transactions/${t.UrlName}`),
    ...content.people.map((p) => personPath(p.UrlName)),
  ].filter((path) => !locs.has(`${site}${path}`));
  expect(missing).toEqual([]);
  expect(locs.size).toBe(
    4 +
      hubs.length +
      content.articles.length +
      content.flatTaxa.length +
      pages.length +
      content.transactions.length +
      content.people.length,
  );
  for (const a of content.articles.slice(0, 5))
    expect(xml).toContain(
      `<loc>${site}${articleUrl(a.UrlName)}</loc><lastmod>${a.PublicationDate.slice(0, 10)}`,
    );
});

test("robots.txt points to the sitemap and keeps search and the API out", async ({
  request,
  site,
}) => {
  const response = await request.get(`${site}/robots.txt`);
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toMatch(/^text\/plain/);
  const lines = (await response.text()).split("\n");
  expect(lines).toContain("User-agent: *");
  expect(lines).toContain("Disallow: /search");
  expect(lines).toContain("Disallow: /api/");
  expect(lines).toContain(`Sitemap: ${site}/sitemap.xml`);
});
