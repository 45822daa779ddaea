import type { Page } from "@playwright/test";
import {
  ARTICLES,
  articlesNewestFirst,
  articlesTagged,
  demoContent,
  expect,
  test,
  topicUrl,
} from "./fixtures.ts";

// Topic pages: the topic whose link equals the address names the page, server-side.
const TOPICS = ["Économie Circulaire", "2026 Outlook", "Buy-and-Build", "ESG"];
const PER_PAGE = 12;

async function expectTopicPage(page: Page, title: string) {
  const { topic, articles } = articlesTagged(title);
  const main = page.getByRole("main");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
  await expect(page).toHaveTitle(new RegExp(`^${title} \\|`));
  const crumbs = main.getByRole("navigation", { name: "Breadcrumb" }).getByRole("listitem");
  await expect(crumbs).toHaveText(["Home", "Articles & Commentary", title]);
  await expect(crumbs.last().locator("[aria-current='page']")).toHaveText(title);
  await expect(crumbs.getByRole("link")).toHaveCount(2);

  const aside = page.getByRole("complementary", { name: "Topics" });
  const marked = aside.locator("[aria-current='page']");
  await expect(marked).toHaveText(title);
  await expect(marked).toHaveAttribute("href", topicUrl(topic.UrlName));

  const pageCount = Math.ceil(articles.length / PER_PAGE);
  const count = main.getByRole("status").filter({ hasText: /\barticles?\b/ });
  await expect(count).toHaveText(
    `${articles.length} ${articles.length === 1 ? "article" : "articles"}` +
      (pageCount > 1 ? `, page 1 of ${pageCount}` : ""),
  );
  // Newest first: the first page holds the newest of the tagged articles, ties either way.
  const shownCount = Math.min(articles.length, PER_PAGE);
  const cutoff = articlesNewestFirst(articles)[shownCount - 1]!.PublicationDate;
  const titles = main.getByRole("heading", { level: 2 }).filter({ has: page.getByRole("link") });
  await expect(titles).toHaveCount(shownCount);
  const shown = await titles.allTextContents();
  const tagged = new Set(articles.map((a) => a.Title));
  expect(
    shown.filter((t) => !tagged.has(t)),
    "articles without the tag",
  ).toEqual([]);
  for (const newer of articles.filter((a) => a.PublicationDate > cutoff))
    expect(shown, `the newer article "${newer.Title}"`).toContain(newer.Title);
  const dates = await main
    .locator("li time")
    .evaluateAll((times) => times.map((t) => t.getAttribute("datetime") ?? ""));
  expect(dates).toEqual(dates.toSorted().reverse());
}

for (const javaScriptEnabled of [true, false]) {
  test.describe(javaScriptEnabled ? "topic pages" : "topic pages without JavaScript", () => {
    test.use({ javaScriptEnabled });

    for (const title of TOPICS) {
      test(`the ${title} page is named after its topic and lists its articles`, async ({
        page,
        site,
      }) => {
        const { topic } = articlesTagged(title);
        const response = await page.goto(`${site}${topicUrl(topic.UrlName)}`);
        expect(response?.status()).toBe(200);
        await expectTopicPage(page, title);
      });
    }
  });
}

test("the aside lists every topic A to Z, each leading to its topic page", async ({
  page,
  site,
}) => {
  await page.goto(`${site}${ARTICLES}`);
  const links = page
    .getByRole("complementary", { name: "Topics" })
    .getByRole("list")
    .getByRole("link");
  const topics = demoContent().flatTaxa.toSorted((a, b) =>
    a.Name.localeCompare(b.Name, "en", { sensitivity: "base" }),
  );
  await expect(links).toHaveText(topics.map((t) => t.Title));
  await expect(page.getByRole("complementary").locator("[aria-current]")).toHaveCount(0);
  await links.getByText("Économie Circulaire", { exact: true }).click();
  await expectTopicPage(page, "Économie Circulaire");
});

test("an article's topics lead to their topic pages", async ({ page, site }) => {
  const { topic, articles } = articlesTagged("2026 Outlook");
  await page.goto(`${site}${topicUrl(topic.UrlName)}`);
  await page.getByRole("main").getByRole("link", { name: articles[0]!.Title, exact: true }).click();
  const topicsSection = page.getByRole("region", { name: "Topics" });
  await topicsSection.getByRole("link", { name: "2026 Outlook" }).click();
  await expectTopicPage(page, "2026 Outlook");
});

test("a topic page's address matches whatever the case", async ({ page, site }) => {
  await page.goto(`${site}${topicUrl("Market-Outlook")}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Market Outlook");
});

test("an unknown topic is not found", async ({ page, site }) => {
  const response = await page.goto(`${site}${topicUrl("no-such-topic")}`);
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page not found");
});
