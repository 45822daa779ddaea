import {
  ARTICLES,
  articlesNewestFirst,
  axeViolations,
  demoContent,
  expect,
  test,
} from "./fixtures.ts";
import { currentAlert } from "../../src/rules/site-alert.ts";

// The site without JavaScript: the <noscript> navigation, plain forms and links carry everything.
const { navigation, utilityLinks } = demoContent().site;
const alert = currentAlert(demoContent().alerts);

test.use({ javaScriptEnabled: false });

// What depends on the window size (which navigation shows) runs at both sizes.
const bothSizes = { tag: "@mobile" };

test.describe("without JavaScript", () => {
  test(
    "every navigation link is on show in the no-script navigation",
    bothSizes,
    async ({ page, site }) => {
      await page.goto(`${site}/about/contact`);
      const sections = page.getByRole("navigation", { name: "All sections" });
      await expect(sections).toBeVisible();
      for (const section of navigation) {
        const item = sections.getByRole("listitem").filter({
          has: page.getByRole("link", { name: section.title, exact: true }),
        });
        await expect(item.getByRole("link").first()).toHaveAttribute("href", section.url);
        await expect(item.getByRole("link")).toHaveText([
          section.title,
          ...section.children.map((c) => c.title),
        ]);
        for (const [i, child] of section.children.entries()) {
          const link = item.getByRole("link").nth(i + 1);
          await expect(link).toBeVisible();
          await expect(link).toHaveAttribute("href", child.url);
        }
      }
      for (const link of utilityLinks) {
        const visible = page
          .getByRole("navigation", { name: "Utility" })
          .getByRole("link", { name: link.title })
          .filter({ visible: true });
        await expect(visible).toHaveCount(1);
        await expect(visible).toHaveAttribute("href", link.url);
      }
    },
  );

  test("hides the controls that need script", bothSizes, async ({ page, site }) => {
    await page.goto(`${site}${ARTICLES}/${articlesNewestFirst()[0]!.UrlName}`);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    for (const name of [
      "Open menu",
      "Search",
      ...navigation.map((s) => `${s.title} submenu`),
      "Close alert",
      "Copy link",
      "Print",
    ]) {
      const control = page.getByRole("button", { name, exact: true, includeHidden: true });
      await expect(control.first(), `the "${name}" button is rendered`).toBeAttached();
      for (const each of await control.all()) await expect(each).toBeHidden();
    }
    // What needs no script still shows: the alert, the share links and the link field.
    await expect(page.getByRole("region", { name: "Alert" })).toContainText(alert!.message);
    await expect(page.getByRole("link", { name: "Share by email" })).toBeVisible();
    await expect(page.getByRole("textbox", { name: "Link to this page" })).toBeVisible();
  });

  test("the search form works", async ({ page, site }) => {
    await page.goto(`${site}/`);
    const field = page
      .getByRole("searchbox", { name: "Search this site" })
      .filter({ visible: true });
    await expect(field).toHaveCount(1);
    await field.fill("outlook");
    await field.press("Enter");
    await expect(page).toHaveURL(/\/search\?q=outlook$/);
    await expect(page.getByRole("main").getByRole("status")).toHaveText(
      /^\d+ results for “outlook”(, page 1 of \d+)?\.$/,
    );
    await expect(
      page.getByRole("searchbox", { name: "Search this site" }).filter({ visible: true }),
    ).toHaveValue("outlook");
  });

  test("the topics page lists every topic", async ({ page, site }) => {
    await page.goto(`${site}/topics`);
    const topics = demoContent().flatTaxa.toSorted((a, b) =>
      a.Name.localeCompare(b.Name, "en", { sensitivity: "base" }),
    );
    const list = page
      .getByRole("main")
      .getByRole("list")
      .filter({
        has: page.getByRole("link", { name: topics[0]!.Title, exact: true }),
      });
    await expect(page.getByRole("heading", { name: "All topics" })).toBeVisible();
    await expect(list.getByRole("link")).toHaveText(topics.map((t) => t.Title));
    await list.getByRole("link", { name: "2026 Outlook" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("2026 Outlook");
  });

  test("the article pages link to each other", async ({ page, site }) => {
    const newest = articlesNewestFirst();
    const pageCount = Math.ceil(newest.length / 12);
    await page.goto(`${site}${ARTICLES}`);
    const pager = page.getByRole("navigation", { name: "Article pages" });
    const titles = page.getByRole("main").getByRole("heading", { level: 2 }).getByRole("link");
    await pager.getByRole("link", { name: "Next page" }).click();
    await expect(page).toHaveURL(new RegExp(`${ARTICLES}\\?page=2$`));
    await expect(titles).toHaveText(newest.slice(12, 24).map((a) => a.Title));
    await pager.getByRole("link", { name: `Page ${pageCount}` }).click();
    await expect(titles).toHaveText(newest.slice((pageCount - 1) * 12).map((a) => a.Title));
    await expect(pager.getByRole("link", { name: "Next page" })).toHaveCount(0);
    await pager.getByRole("link", { name: "Previous page" }).click();
    await expect(page).toHaveURL(new RegExp(`\\?page=${pageCount - 1}$`));
  });

  test("every link a visitor can follow from the home page leads to a page", async ({
    page,
    site,
  }) => {
    test.setTimeout(90_000);
    // Breadth first from /, every page template is reached within the first hundred addresses.
    const LIMIT = 120;
    const queue = ["/"];
    const seen = new Set(queue);
    const broken: string[] = [];
    const visited: string[] = [];
    while (queue.length > 0 && visited.length < LIMIT) {
      const path = queue.shift()!;
      const response = await page.goto(`${site}${path}`);
      visited.push(path);
      if (response?.status() !== 200) broken.push(`${path} -> ${response?.status()}`);
      const hrefs = await page.$$eval("a[href]", (links) =>
        links.map((a) => (a as HTMLAnchorElement).href),
      );
      for (const href of hrefs) {
        const url = new URL(href);
        if (url.origin !== site) continue;
        const next = `${url.pathname}${url.search}`;
        if (!seen.has(next)) {
          seen.add(next);
          queue.push(next);
        }
      }
    }
    expect(broken).toEqual([]);
    expect(visited.length, "pages visited").toBe(LIMIT);
    // The crawl reached each kind of page.
    for (const kind of [
      /^\/transactions/,
      /^\/topics$/,
      /-in-tags\/tags\//,
      /all-articles-and-commentary\/[^/?]+$/,
    ])
      expect(
        visited.some((path) => kind.test(path)),
        String(kind),
      ).toBe(true);
  });
});

// axe needs script in the page, so it runs over the no-script rendering instead: the page's
// HTML without its scripts and with its <noscript> content in place.
test.describe("the no-script rendering", () => {
  test.use({ javaScriptEnabled: true });

  // The no-script navigation is the same on every page; /topics adds its plain topic list.
  const pages = [
    { name: "the home page", path: "/", details: bothSizes },
    { name: "the topics page", path: "/topics", details: {} },
  ];
  for (const { name, path, details } of pages) {
    test(`of ${name} has no accessibility violations`, details, async ({ page, site }) => {
      await page.route(`${site}${path}`, async (route) => {
        const response = await route.fetch();
        const html = (await response.text())
          .replace(/<script\b[\s\S]*?<\/script>/gi, "")
          .replace(/<\/?noscript>/gi, "");
        await route.fulfill({ response, body: html });
      });
      await page.goto(`${site}${path}`);
      await expect(page.getByRole("navigation", { name: "All sections" })).toBeVisible();
      const openMenu = page.getByRole("button", { name: "Open menu", includeHidden: true });
      await expect(openMenu).toBeAttached();
      await expect(openMenu).toBeHidden();
      expect(await axeViolations(page)).toEqual([]);
    });
  }
});
