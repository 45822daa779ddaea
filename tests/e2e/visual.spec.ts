import {
  ARTICLES,
  articlesNewestFirst,
  baseUrl,
  demoContent,
  expect,
  test,
  topicUrl,
} from "./fixtures.ts";

// Visual regression: each page type at 375, 768 and 1280 px against its baseline in
// visual.spec.ts-snapshots/. A design change updates them on purpose:
//   npx playwright test tests/e2e/visual.spec.ts --update-snapshots
// Chromium only (the suite's browser). What changes by itself is masked.
const content = demoContent();
const article = articlesNewestFirst()[5]!;
const deal = content.transactions.toSorted((a, b) => b.Date.localeCompare(a.Date))[0]!;
const topic = content.flatTaxa.find((t) => t.Title === "Private Equity")!;

const PAGES: [name: string, path: string, ready?: string][] = [
  ["home", "/"],
  ["transactions", "/transactions", "table tbody tr td"],
  ["topics", "/topics", "#topicsearch a"],
  ["articles", ARTICLES],
  ["topic", topicUrl(topic.UrlName)],
  ["article", `${ARTICLES}/${article.UrlName}`],
  ["deal", `/transactions/${deal.UrlName}`],
  ["search", "/search?q=keystnoe"],
  ["contact", "/about/contact"],
  ["industries", "/industries"],
  ["hub", "/industries/healthcare"],
  ["service", "/services/sell-side-advisory"],
  ["people", "/about/leadership"],
  ["profile", `/people/${content.people[0]!.UrlName}`],
  ["not-found", "/no-such-page"],
];

// Long pages are compared over their first screens only: enough to see a drift in the design,
// without baselines of several megabytes.
const MAX_HEIGHT = 2400;

for (const width of [375, 768, 1280]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });
    for (const [name, path, ready] of PAGES) {
      test(`${name} looks as designed`, async ({ page }) => {
        await page.goto(`${baseUrl()}${path}`, { waitUntil: "networkidle" });
        if (ready) await expect(page.locator(ready).first()).toBeVisible();
        await page.evaluate(() => document.fonts.ready);
        // Photographs the shot takes in are loaded now, lazy or not, and decoded, so that each
        // shows (not its empty frame) whatever the machine's speed.
        await page.evaluate((max) => {
          const shown = [...document.images].filter((i) => i.getBoundingClientRect().top < max);
          for (const img of shown) img.loading = "eager";
          return Promise.all(shown.map((img) => img.decode().catch(() => {})));
        }, MAX_HEIGHT);
        const height = await page.evaluate(() => document.documentElement.scrollHeight);
        await expect(page).toHaveScreenshot(`${name}-${width}.png`, {
          fullPage: true,
          clip: { x: 0, y: 0, width, height: Math.min(height, MAX_HEIGHT) },
          animations: "disabled",
          caret: "hide",
          // The copyright year changes by itself, and the share field holds the test server's port.
          mask: [
            page.locator(".site-footer__legal p").first(),
            page.locator(".share-block__field"),
          ],
          maxDiffPixelRatio: 0.002,
        });
      });
    }
  });
}
