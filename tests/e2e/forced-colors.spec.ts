import type { Page } from "@playwright/test";
import { expect, gotoReady, test } from "./fixtures.ts";
import { fillShare, pixels, visibleEdges } from "./visitor-checks.ts";

// Windows high contrast (forced colors) replaces the site's colours and drops backgrounds: every
// control must keep an edge, and every state shown by a colour must be shown another way too.
// Screenshots of the controls are compared, pixel by pixel, with what surrounds them.

test.beforeEach(async ({ page }) => {
  // Reduced motion: panels are where they end up at once, for the screenshots.
  await page.emulateMedia({
    forcedColors: "active",
    colorScheme: "light",
    reducedMotion: "reduce",
  });
});

/** The canvas colour, read off the page's top-left corner (forced colors paint it). */
async function canvas(page: Page) {
  const { at } = await pixels(page, { x: 0, y: 0, width: 4, height: 4 });
  return at(1, 1);
}

const ARTICLES =
  "/latest-articles-commentary/featured-articles-commentary/all-articles-and-commentary";

test.describe("at 1280 px", () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test("the header's search submit keeps its edges", async ({ page }) => {
    await gotoReady(page, "/about");
    await page.getByRole("banner").getByRole("button", { name: "Search", exact: true }).click();
    expect(await visibleEdges(page, ".search-bar__panel .search-form__submit")).toEqual([
      "top",
      "bottom",
      "left",
      "right",
    ]);
  });

  test("the active suggestion keeps its edges, and the current kind of results is marked", async ({
    page,
    site,
  }) => {
    await gotoReady(page, "/about");
    await page.getByRole("banner").getByRole("button", { name: "Search", exact: true }).click();
    await page.keyboard.type("keys");
    await expect(page.getByRole("option").first()).toBeVisible();
    await page.keyboard.press("ArrowDown");
    await page.mouse.move(0, 0);
    expect(await visibleEdges(page, '[role="option"][aria-selected="true"]')).toEqual([
      "top",
      "bottom",
      "left",
      "right",
    ]);
    await page.goto(`${site}/search?q=aerospace&kind=deal`);
    const ground = await canvas(page);
    const current = await fillShare(page, '[aria-current="true"]', ground);
    const other = await fillShare(
      page,
      'nav[aria-label="Show results of one kind"] a >> nth=0',
      ground,
    );
    expect(current - other).toBeGreaterThan(0.4);
  });

  test("the expanded Search toggle looks unlike the collapsed one", async ({ page }) => {
    await gotoReady(page, "/about");
    const toggle = ".search-bar__toggle";
    const ground = await canvas(page);
    const collapsed = await fillShare(page, toggle, ground);
    await page.locator(toggle).click();
    await expect(page.locator(toggle)).toHaveAttribute("aria-expanded", "true");
    await page.mouse.move(0, 0);
    const expanded = await fillShare(page, toggle, ground);
    expect(expanded - collapsed).toBeGreaterThan(0.4);
  });

  test("the results table's sort buttons keep their edges", async ({ page, site }) => {
    await page.goto(`${site}/transactions`);
    await expect(page.getByRole("table")).toBeVisible();
    for (const nth of [0, 2, 4]) {
      expect(await visibleEdges(page, `.ht-sort >> nth=${nth}`)).toEqual([
        "top",
        "bottom",
        "left",
        "right",
      ]);
    }
  });

  test("the current page in both pagers looks unlike the other pages", async ({ page, site }) => {
    await page.goto(`${site}/transactions`);
    await expect(page.getByRole("table")).toBeVisible();
    const ground = await canvas(page);
    const current = await fillShare(page, '.ht-page[aria-current="page"]', ground);
    const other = await fillShare(page, '.ht-page[aria-label="Page 2"]', ground);
    expect(current - other).toBeGreaterThan(0.4);

    await page.goto(`${site}${ARTICLES}?page=2`);
    const linkCurrent = await fillShare(page, '.pager a[aria-current="page"]', ground);
    const linkOther = await fillShare(
      page,
      '.pager a[aria-label="Page 1"], .pager a >> nth=1',
      ground,
    );
    expect(linkCurrent - linkOther).toBeGreaterThan(0.4);
  });

  test("the close date field and its calendar button show a strong focus ring", async ({
    page,
    site,
  }) => {
    await page.emulateMedia({ forcedColors: "none" });
    await page.goto(`${site}/transactions`);
    const date = page.getByLabel("Close date");
    await date.focus();
    const focusBlue = (rgb: readonly number[]) =>
      Math.abs(rgb[0]! - 0x1a) + Math.abs(rgb[1]! - 0x56) + Math.abs(rgb[2]! - 0xdb) < 60;
    const blueAround = async () => {
      const box = (await date.boundingBox())!;
      // The right end of the field, where the calendar button sits.
      const clip = { x: box.x + box.width - 48, y: box.y + 2, width: 44, height: box.height - 4 };
      const { width, height, at } = await pixels(page, clip);
      let blue = 0;
      for (let y = 0; y < height; y++)
        for (let x = 0; x < width; x++) if (focusBlue(at(x, y))) blue++;
      return blue;
    };
    // Month, day, year, then the calendar button.
    for (let i = 0; i < 3; i++) await page.keyboard.press("Tab");
    expect(await date.evaluate((input) => input === document.activeElement)).toBe(true);
    expect(await blueAround()).toBeGreaterThan(60);
  });
});

test.describe("at 375 px", () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test("the open mobile menu's panel shows its edge", async ({ page }) => {
    await gotoReady(page, "/about");
    await page.getByRole("button", { name: "Open menu" }).click();
    const panel = page.getByRole("dialog", { name: "Menu" });
    await expect(panel).toBeVisible();
    expect(await visibleEdges(page, ".mobile-menu__panel")).toContain("left");
  });
});
