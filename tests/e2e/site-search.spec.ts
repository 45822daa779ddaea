import type { Page } from "@playwright/test";
import {
  axeViolations,
  demoContent,
  expect,
  expectExpanded,
  gotoReady,
  panelOf,
  tabTo,
  test,
} from "./fixtures.ts";

// The header's search bar and the /search page (ranked search over deals, topics, articles and
// pages; tests/e2e/site-search-kinds.spec.ts has the kinds, the filter and the suggestions).

/** Words as the search index sees them: letters and digits, case and accents folded. */
const words = (html: string) =>
  html
    .replace(/<[^>]+>/g, " ")
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .match(/[\p{L}\p{N}]+/gu) ?? [];

/** The number of results the page's status line says it found. */
async function resultCount(page: Page) {
  const text = (await status(page).textContent()) ?? "";
  const count = /^(\d+) results? for/.exec(text)?.[1];
  if (count === undefined) throw new Error(`no count in "${text}"`);
  return Number(count);
}

const searchToggle = (page: Page) =>
  page.getByRole("banner").getByRole("button", { name: "Search", exact: true });
const status = (page: Page) => page.getByRole("main").getByRole("status");
const resultTitles = (page: Page) => page.getByRole("main").getByRole("heading", { level: 2 });

test.describe("search bar", { tag: "@mobile" }, () => {
  test.beforeEach(async ({ page }) => {
    await gotoReady(page, "/about/contact");
  });

  test("its toggle opens it with focus in the search field, and closes it", async ({ page }) => {
    const toggle = searchToggle(page);
    await expectExpanded(toggle, false);
    await toggle.click();
    await expectExpanded(toggle, true);
    await expect(page.getByLabel("Search this site")).toBeFocused();
    await toggle.click();
    await expectExpanded(toggle, false);
  });

  test("Escape closes it and returns focus to its toggle", async ({ page }) => {
    await searchToggle(page).click();
    await page.keyboard.type("valu");
    await page.keyboard.press("Escape");
    await expectExpanded(searchToggle(page), false);
    await expect(searchToggle(page)).toBeFocused();
  });

  test("Escape closes it after a click on its background left focus on the page", async ({
    page,
  }) => {
    await searchToggle(page).click();
    await (await panelOf(searchToggle(page))).click({ position: { x: 2, y: 2 } });
    expect(await page.evaluate(() => document.activeElement === document.body)).toBe(true);
    await page.keyboard.press("Escape");
    await expectExpanded(searchToggle(page), false);
    await expect(searchToggle(page)).toBeFocused();
  });

  test("closes when focus leaves it, so it never hides what gets focus next", async ({ page }) => {
    await tabTo(page, searchToggle(page));
    await page.keyboard.press("Enter");
    const field = page.getByLabel("Search this site");
    await expect(field).toBeFocused();
    // Through its field and button, then out: to the breadcrumbs or the page below it.
    await page.keyboard.press("Tab");
    await page.keyboard.press("Tab");
    await page.keyboard.press("Tab");
    await expectExpanded(searchToggle(page), false);
    const uncovered = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement;
      const r = el.getBoundingClientRect();
      const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
      return el !== document.body && hit !== null && (el === hit || el.contains(hit));
    });
    expect(uncovered).toBe(true);
  });

  test("closes on a press outside it, and on Escape wherever focus is", async ({ page }) => {
    await searchToggle(page).click();
    await page.getByRole("contentinfo").click({ position: { x: 5, y: 5 } });
    await expectExpanded(searchToggle(page), false);
    await searchToggle(page).click();
    await expectExpanded(searchToggle(page), true);
    // Focus moved elsewhere by script (a skip link, a widget): Escape still closes it.
    await page.evaluate(() => (document.querySelector("main a[href]") as HTMLElement).focus());
    await page.keyboard.press("Escape");
    await expectExpanded(searchToggle(page), false);
  });

  test("works from the keyboard alone: Tab to it, open, type, submit", async ({ page }) => {
    await tabTo(page, searchToggle(page));
    await page.keyboard.press("Enter");
    await expect(page.getByLabel("Search this site")).toBeFocused();
    await page.keyboard.type("outlook");
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/search\?q=outlook$/);
    await expect(resultTitles(page).first()).toBeVisible();
  });

  test("submitting it shows the results for the query", async ({ page }) => {
    await searchToggle(page).click();
    await page.keyboard.type("outlook");
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/search\?q=outlook$/);
    await expect(status(page)).toHaveText(/^\d+ results for “outlook”, page 1 of \d+\.$/);
    // The two topics named for it first, then what holds it in its title.
    await expect(resultTitles(page).nth(0)).toHaveText(/Outlook$/);
    for (const title of (await resultTitles(page).all()).slice(0, 3))
      await expect(title.locator("mark")).toHaveText(/^outlook/i);
    // The header's field keeps the query for a second try.
    await searchToggle(page).click();
    await expect(page.getByLabel("Search this site")).toHaveValue("outlook");
  });

  test("the open search bar has no accessibility violations", async ({ page }) => {
    await searchToggle(page).click();
    await expectExpanded(searchToggle(page), true);
    expect(await axeViolations(page)).toEqual([]);
  });
});

test.describe("search page", () => {
  test("with no query it asks for words and lists nothing", async ({ page, site }) => {
    for (const query of ["", "?q=", "?q=%20%21%3F"]) {
      await page.goto(`${site}/search${query}`);
      await expect(status(page)).toHaveText(
        "Enter words to search the deals, topics, articles and pages of the site.",
      );
      await expect(resultTitles(page)).toHaveCount(0);
    }
  });

  test("with no match it says so and offers ways to browse", async ({ page, site }) => {
    await page.goto(`${site}/search?q=zzqxv`);
    await expect(status(page)).toHaveText("No results for “zzqxv”.");
    await expect(resultTitles(page)).toHaveCount(0);
    await expect(
      page.getByRole("main").getByRole("link", { name: "Topics A – Z" }),
    ).toHaveAttribute("href", "/topics");
  });

  test("folds case and accents and marks the matched words", async ({ page, site }) => {
    await page.goto(`${site}/search?q=RESUME`);
    await expect(status(page)).toHaveText("1 result for “RESUME”.");
    await expect(resultTitles(page)).toHaveText(["Careers"]);
    await expect(page.getByRole("main").locator("mark")).toHaveText(["résumé"]);
  });

  test("ranks the results with the words in their title first", async ({ page, site }) => {
    const { articles, flatTaxa, people, site: demoSite } = demoContent();
    const holds = (text: string) => words(text).some((w) => w.startsWith("valuation"));
    const titles = [
      ...articles.map((a) => a.Title),
      ...flatTaxa.map((t) => t.Title),
      ...demoSite.pages.map((p) => p.title),
    ];
    // A person's position is their headline: the head of the valuation team is found among the
    // titles that hold the word, with the word marked in the position under their name.
    const positioned = people.filter((p) => holds(p.JobTitle ?? "")).map((p) => p.Title);
    const inTitle = titles.filter(holds).length + positioned.length;
    expect(inTitle).toBeGreaterThan(1);
    expect(inTitle).toBeLessThan(10);
    await page.goto(`${site}/search?q=valuation`);
    await expect(resultTitles(page)).toHaveCount(10);
    for (const [i, title] of (await resultTitles(page).all()).entries()) {
      const name = (await title.textContent())?.trim() ?? "";
      const marked = positioned.includes(name)
        ? title.locator("xpath=..").locator("p mark").first()
        : title.locator("mark");
      await expect(marked).toHaveCount(i < inTitle ? 1 : 0);
    }
  });

  test("pages through many results ten at a time", async ({ page, site }) => {
    await page.goto(`${site}/search?q=earnout`);
    const count = await resultCount(page);
    const pages = Math.ceil(count / 10);
    expect(pages).toBeGreaterThan(2);
    await expect(status(page)).toHaveText(`${count} results for “earnout”, page 1 of ${pages}.`);
    await expect(resultTitles(page)).toHaveCount(10);
    const firstPage = await resultTitles(page).allTextContents();
    const pager = page.getByRole("navigation", { name: "Search result pages" });
    await pager.getByRole("link", { name: "Next page" }).click();
    await expect(page).toHaveURL(/\/search\?q=earnout&page=2$/);
    await expect(status(page)).toHaveText(`${count} results for “earnout”, page 2 of ${pages}.`);
    await expect(pager.getByRole("link", { name: "Page 2" })).toHaveAttribute(
      "aria-current",
      "page",
    );
    const resultList = page
      .getByRole("main")
      .getByRole("list")
      .filter({ has: page.getByRole("heading", { level: 2 }) });
    await expect(resultList).toHaveAttribute("start", "11");
    const secondPage = await resultTitles(page).allTextContents();
    expect(secondPage.filter((t) => firstPage.includes(t))).toEqual([]);
    await pager.getByRole("link", { name: `Page ${pages}` }).click();
    await expect(resultTitles(page)).toHaveCount(count - (pages - 1) * 10);
  });

  test("finds content pages too", async ({ page, site }) => {
    await page.goto(`${site}/search?q=lexington`);
    await expect(status(page)).toHaveText("1 result for “lexington”.");
    await page.getByRole("main").getByRole("link", { name: "Contact" }).click();
    await expect(page).toHaveURL(/\/about\/contact$/);
  });
});
