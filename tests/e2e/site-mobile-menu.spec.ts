import type { Page } from "@playwright/test";
import {
  articlesNewestFirst,
  articleUrl,
  axeViolations,
  demoContent,
  expect,
  expectExpanded,
  gotoReady,
  nextFrames,
  panelOf,
  tabTo,
  test,
} from "./fixtures.ts";
import { tabWalkProblems } from "./visitor-checks.ts";

// The mobile menu, below the 64rem desktop breakpoint (mobile project only).
const { navigation, utilityLinks } = demoContent().site;
const longPage = articleUrl(articlesNewestFirst()[0]!.UrlName);

const openButton = (page: Page) => page.getByRole("button", { name: "Open menu" });
const menu = (page: Page) => page.getByRole("dialog", { name: "Menu" });

async function openMenu(page: Page) {
  await openButton(page).click();
  await expect(menu(page)).toBeVisible();
  return menu(page);
}

async function expectClosed(page: Page) {
  await expect(menu(page)).toBeHidden();
  await expect(openButton(page)).toHaveAttribute("aria-expanded", "false");
  await expect(openButton(page)).toBeFocused();
}

/**
 * A finger dragged up the screen at `x`: touch scrolling, which on phones ignores the wheel and
 * key paths. (Without the menu, this scrolls a long page by some 400 px.)
 */
async function swipeUp(page: Page, x: number) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: [{ x, y: 600 }] });
  for (let y = 580; y >= 200; y -= 20)
    await cdp.send("Input.dispatchTouchEvent", { type: "touchMove", touchPoints: [{ x, y }] });
  await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
  await cdp.detach();
}

/** The top of <main> on screen: it moves exactly when the page scrolls. */
const mainTop = (page: Page) =>
  page.locator("main").evaluate((main) => main.getBoundingClientRect().top);

test.describe("mobile menu", { tag: "@mobile-only" }, () => {
  test.beforeEach(async ({ page }) => {
    await gotoReady(page, "/about");
  });

  test("Open menu shows the menu with focus on its Close menu button", async ({ page }) => {
    const desktopNav = page.getByRole("navigation", { name: "Main", includeHidden: true }).first();
    await expect(desktopNav, "the desktop dropdown navigation").toBeAttached();
    await expect(desktopNav).toBeHidden();
    await expectExpanded(openButton(page), false);
    const dialog = await openMenu(page);
    await expectExpanded(openButton(page), true);
    await expect(dialog.getByRole("button", { name: "Close menu" })).toBeFocused();
    const mainNav = dialog.getByRole("navigation", { name: "Main" });
    await expect(
      mainNav.getByRole("link").filter({ visible: true }),
      "only the section links show until a submenu opens",
    ).toHaveText(navigation.map((s) => s.title));
  });

  test("Close menu, Escape or a click on the dimmed backdrop closes it, back on Open menu", async ({
    page,
  }) => {
    let dialog = await openMenu(page);
    await dialog.getByRole("button", { name: "Close menu" }).click();
    await expectClosed(page);

    dialog = await openMenu(page);
    await dialog.getByRole("link", { name: navigation[1]!.title, exact: true }).focus();
    await page.keyboard.press("Escape");
    await expectClosed(page);

    await openMenu(page);
    // The panel covers the right of the window; the backdrop shows at the left edge.
    await page.locator("#mobile-menu-backdrop").click({ position: { x: 10, y: 300 } });
    await expectClosed(page);
  });

  test("a click inside the panel keeps it open, and Escape still closes it after", async ({
    page,
  }) => {
    const dialog = await openMenu(page);
    await dialog.getByRole("heading", { name: "Menu" }).click();
    await expect(dialog).toBeVisible();
    // The heading cannot take focus: the click left focus on the page itself.
    expect(await page.evaluate(() => document.activeElement === document.body)).toBe(true);
    await page.keyboard.press("Escape");
    await expectClosed(page);
  });

  test("works from the keyboard alone: open, a submenu, a link", async ({ page }) => {
    await tabTo(page, openButton(page));
    await page.keyboard.press("Enter");
    await expect(menu(page)).toBeVisible();
    await expect(menu(page).getByRole("button", { name: "Close menu" })).toBeFocused();
    const section = navigation[0]!;
    const toggle = menu(page).getByRole("button", { name: `${section.title} submenu` });
    await tabTo(page, toggle);
    await page.keyboard.press("Enter");
    await expectExpanded(toggle, true);
    const first = section.children[0]!;
    await tabTo(
      page,
      (await panelOf(toggle)).getByRole("link", { name: first.title, exact: true }),
    );
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(new RegExp(`${first.url}$`));
    await expect(menu(page)).toBeHidden();
  });

  test("blocks page scrolling while open and restores the scroll position on close", async ({
    page,
  }) => {
    await gotoReady(page, longPage);
    // Scrolled down as far as the Open menu button still shows (the header does not stick).
    const buttonTop = (await openButton(page).boundingBox())!.y;
    const scrolled = Math.floor(buttonTop) - 4;
    expect(scrolled).toBeGreaterThan(40);
    await page.evaluate((top) => window.scrollTo({ top, behavior: "instant" }), scrolled);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(scrolled);
    const topBefore = await mainTop(page);

    await openMenu(page);
    await expect(page.locator("body")).toHaveCSS("position", "fixed");
    expect(await mainTop(page), "the page stays where it was").toBe(topBefore);
    const scrollWhileOpen = await page.evaluate(() => window.scrollY);

    await page.mouse.move(10, 300); // over the backdrop
    await page.mouse.wheel(0, 600);
    await page.evaluate(() => window.scrollBy({ top: 400, behavior: "instant" }));
    await page.evaluate(() => document.scrollingElement!.scrollTo({ top: 1500 }));
    await page.keyboard.press("PageDown");
    await swipeUp(page, 10); // a finger over the backdrop, as on a phone
    await nextFrames(page); // a scroll, even a smooth one, would have begun by now
    expect(await page.evaluate(() => window.scrollY)).toBe(scrollWhileOpen);
    expect(await mainTop(page), "the page did not move behind the menu").toBe(topBefore);

    await page.keyboard.press("Escape");
    await expectClosed(page);
    await expect(page.locator("body")).not.toHaveCSS("position", "fixed");
    expect(await page.evaluate(() => window.scrollY)).toBe(scrolled);
    expect(await mainTop(page)).toBe(topBefore);
    // The same swipe with the menu closed does scroll the page.
    await swipeUp(page, 10);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(scrolled + 100);
  });

  test("keeps focus inside the menu: Tab and Shift+Tab wrap around", async ({ page }) => {
    const dialog = await openMenu(page);
    const close = dialog.getByRole("button", { name: "Close menu" });
    const lastUtility = dialog
      .getByRole("navigation", { name: "Utility" })
      .getByRole("link", { name: utilityLinks.at(-1)!.title });
    await page.keyboard.press("Shift+Tab");
    await expect(lastUtility).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(close).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(
      dialog.getByRole("link", { name: navigation[0]!.title, exact: true }),
    ).toBeFocused();

    // Once around: close, each section link and toggle, each utility link, back to close.
    const stops = 1 + navigation.length * 2 + utilityLinks.length;
    for (let i = 1; i < stops; i++) {
      await page.keyboard.press("Tab");
      await expect(dialog.locator(":focus")).toHaveCount(1);
    }
    await expect(close).toBeFocused();
    for (let i = 0; i < stops; i++) {
      await page.keyboard.press("Shift+Tab");
      await expect(dialog.locator(":focus")).toHaveCount(1);
    }
    await expect(close).toBeFocused();
  });

  test("shows each stop's whole focus ring inside the scrolling panel", async ({ page }) => {
    await openMenu(page);
    await menu(page)
      .getByRole("button", { name: `${navigation[0]!.title} submenu` })
      .click();
    expect(await tabWalkProblems(page)).toEqual([]);
  });

  test("makes the rest of the page inert while open, and live again on close", async ({ page }) => {
    const dialog = await openMenu(page);
    for (const region of ["main", "footer"])
      await expect(page.locator(region)).toHaveAttribute("inert", "");
    const alert = page.getByRole("region", { name: "Alert", includeHidden: true });
    await expect(alert.locator("xpath=ancestor-or-self::*[@inert]")).not.toHaveCount(0);
    await expect(dialog.locator("xpath=ancestor-or-self::*[@inert]")).toHaveCount(0);
    await dialog.getByRole("button", { name: "Close menu" }).click();
    for (const region of ["main", "footer"])
      await expect(page.locator(region)).not.toHaveAttribute("inert");
    await expect(page.locator("[inert]")).toHaveCount(0);
  });

  test("shows the utility navigation inside the menu", async ({ page }) => {
    const dialog = await openMenu(page);
    const utility = dialog.getByRole("navigation", { name: "Utility" });
    await expect(utility.getByRole("link")).toHaveText(utilityLinks.map((l) => l.title));
    for (const link of utilityLinks)
      await expect(utility.getByRole("link", { name: link.title })).toHaveAttribute(
        "href",
        link.url,
      );
  });

  test("opens its submenus one at a time, each showing the section's links", async ({ page }) => {
    const dialog = await openMenu(page);
    const toggle = (title: string) => dialog.getByRole("button", { name: `${title} submenu` });
    for (const section of navigation) {
      await toggle(section.title).click();
      await expectExpanded(toggle(section.title), true);
      const panel = await panelOf(toggle(section.title));
      await expect(panel.getByRole("link")).toHaveText(section.children.map((c) => c.title));
      for (const other of navigation.filter((s) => s !== section))
        await expectExpanded(toggle(other.title), false);
    }
    const last = toggle(navigation.at(-1)!.title);
    await last.click();
    await expectExpanded(last, false);
  });

  test("a link in a submenu leads to its page and the menu is closed there", async ({ page }) => {
    const dialog = await openMenu(page);
    const about = dialog.getByRole("button", { name: "About submenu" });
    await about.click();
    await (await panelOf(about)).getByRole("link", { name: "Leadership", exact: true }).click();
    await expect(page).toHaveURL(/\/about\/leadership$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Leadership");
    await expect(menu(page)).toBeHidden();
  });

  test("growing the window to desktop width closes it", async ({ page }) => {
    await openMenu(page);
    await page.setViewportSize({ width: 1280, height: 900 });
    await expect(menu(page)).toBeHidden();
    const hiddenOpenButton = page.getByRole("button", { name: "Open menu", includeHidden: true });
    await expect(hiddenOpenButton).toBeHidden();
    await expect(hiddenOpenButton).toHaveAttribute("aria-expanded", "false");
    await expect(page.locator("body")).not.toHaveCSS("position", "fixed");
    await expect(page.locator("main")).not.toHaveAttribute("inert");
    await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
    // The Open menu button is hidden now: focus goes on to the main content, not to the page.
    await expect(page.locator("main")).toBeFocused();
    await page.keyboard.press("Tab");
    expect(
      await page.evaluate(() => document.querySelector("main")!.contains(document.activeElement)),
    ).toBe(true);
  });

  test("the open menu with a submenu open has no accessibility violations", async ({ page }) => {
    const dialog = await openMenu(page);
    await dialog.getByRole("button", { name: "Services submenu" }).click();
    await expectExpanded(dialog.getByRole("button", { name: "Services submenu" }), true);
    expect(await axeViolations(page)).toEqual([]);
  });
});
