import type { Page } from "@playwright/test";
import { articleUrl, demoContent, expect, test } from "./fixtures.ts";
import { watchClipboardWrites } from "../../tools/clipboard-writes.ts";
import { hydrated, isBeforeHydration, throttle } from "../../tools/slow-phone.ts";

// No dead clicks: on a slow phone a control shows before its script has run. A single
// press made the moment it is visible must not be lost: it does what it says within 3 s of the
// island's script running. Each of the islands' scripts is also held back 300 ms, so every press
// here lands before hydration whatever this machine's speed (the test asserts it): it is about
// that window, not about the machine, so how long hydration takes on a busy machine is not
// counted (the bench's dead windows measure it, under Lighthouse's throttling).

test.describe.configure({ mode: "serial" });

async function openSlowly(page: Page, path: string) {
  await throttle(page.context(), page);
  await page.route("**/_astro/*.js", async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 300));
    await route.continue();
  });
  await page.goto(path, { waitUntil: "commit" });
}

test.describe("a press before the page's script has run", () => {
  test.describe("at 390 px", () => {
    test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

    test("Open menu opens the menu", async ({ page, site }) => {
      await openSlowly(page, `${site}/`);
      const open = page.getByRole("button", { name: "Open menu" });
      await open.waitFor({ state: "visible" });
      expect(await isBeforeHydration(page, ".mobile-menu__open")).toBe(true);
      await open.click();
      await hydrated(page, ".mobile-menu__open");
      await expect(page.getByRole("dialog", { name: "Menu" })).toBeVisible({ timeout: 3000 });
    });
  });

  test.describe("at 1280 px", () => {
    test.use({ viewport: { width: 1280, height: 900 } });

    test("a dropdown toggle opens its submenu", async ({ page, site }) => {
      await openSlowly(page, `${site}/`);
      const toggle = page.getByRole("button", { name: "Services submenu" });
      await toggle.waitFor({ state: "visible" });
      expect(await isBeforeHydration(page, ".dropdown-nav__toggle")).toBe(true);
      await toggle.click();
      await expect(toggle).toHaveAttribute("aria-expanded", "true", { timeout: 3000 });
      await expect(page.getByRole("link", { name: "Sell-Side Advisory" }).first()).toBeVisible();
    });

    // The spec: a dropdown opens from its toggle by click or by the Down key, which also moves
    // to the panel's first link. A keyboard visitor on the toggle before hydration must not
    // lose it, nor see the page scroll instead.
    test("the Down key on a dropdown toggle opens its submenu at its first link", async ({
      page,
      site,
    }) => {
      await openSlowly(page, `${site}/`);
      const toggle = page.getByRole("button", { name: "Services submenu" });
      await toggle.waitFor({ state: "visible" });
      await toggle.focus();
      expect(await isBeforeHydration(page, ".dropdown-nav__toggle")).toBe(true);
      await page.keyboard.press("ArrowDown");
      await hydrated(page, ".dropdown-nav__toggle");
      await expect(toggle).toHaveAttribute("aria-expanded", "true", { timeout: 3000 });
      await expect(page.getByRole("link", { name: "Sell-Side Advisory" }).first()).toBeFocused();
      expect(await page.evaluate(() => window.scrollY)).toBe(0);
    });

    for (const key of ["Enter", "Space"]) {
      test(`${key} on a dropdown toggle opens its submenu`, async ({ page, site }) => {
        await openSlowly(page, `${site}/`);
        const toggle = page.getByRole("button", { name: "Services submenu" });
        await toggle.waitFor({ state: "visible" });
        await toggle.focus();
        expect(await isBeforeHydration(page, ".dropdown-nav__toggle")).toBe(true);
        await page.keyboard.press(key);
        await hydrated(page, ".dropdown-nav__toggle");
        await expect(toggle).toHaveAttribute("aria-expanded", "true", { timeout: 3000 });
        await expect(toggle).toBeFocused();
      });
    }

    test("Search opens the search field, focused", async ({ page, site }) => {
      await openSlowly(page, `${site}/`);
      const toggle = page.getByRole("banner").getByRole("button", { name: "Search", exact: true });
      await toggle.waitFor({ state: "visible" });
      expect(await isBeforeHydration(page, ".search-bar__toggle")).toBe(true);
      await toggle.click();
      await hydrated(page, ".search-bar__toggle");
      await expect(page.getByRole("searchbox", { name: "Search this site" })).toBeFocused({
        timeout: 3000,
      });
    });

    test("Copy link, scrolled into view and pressed at once, selects and copies the link", async ({
      page,
      site,
    }) => {
      const clipboardWrites = await watchClipboardWrites(page, site);
      const path = articleUrl(encodeURIComponent(demoContent().articles[0]!.UrlName));
      await openSlowly(page, `${site}${path}`);
      const copy = page.getByRole("button", { name: "Copy link" });
      await copy.waitFor({ state: "attached" });
      await copy.scrollIntoViewIfNeeded();
      expect(await isBeforeHydration(page, ".share-block__button")).toBe(true);
      await copy.click();
      const field = page.getByRole("textbox", { name: "Link to this page" });
      await expect(field).toBeFocused();
      expect(
        await field.evaluate((input: HTMLInputElement) => [
          input.selectionStart,
          input.selectionEnd,
        ]),
      ).toEqual([0, `${site}${path}`.length]);
      await expect(page.getByRole("status").filter({ hasText: "Link copied" })).toBeVisible({
        timeout: 3000,
      });
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${site}${path}`);
      // Copied during the press itself, not replayed after hydration (WebKit refuses that).
      expect(await clipboardWrites()).toEqual([{ text: `${site}${path}`, inPress: true }]);
    });
  });
});
