import type { Page } from "@playwright/test";
import {
  axeViolations,
  demoContent,
  expect,
  expectExpanded,
  gotoReady,
  panelOf,
  test,
} from "./fixtures.ts";

// The desktop dropdown menus of <nav aria-label="Main"> (desktop project only: below 64rem the
// mobile menu replaces them).
const sections = demoContent().site.navigation;

test.beforeEach(async ({ page }) => {
  await gotoReady(page, "/about/contact");
});

const mainNav = (page: Page) => page.getByRole("navigation", { name: "Main" });
const toggle = (page: Page, section: string) =>
  mainNav(page).getByRole("button", { name: `${section} submenu` });

test("every section shows its link and a closed submenu toggle", async ({ page }) => {
  for (const section of sections) {
    await expect(
      mainNav(page).getByRole("link", { name: section.title, exact: true }),
    ).toHaveAttribute("href", section.url);
    await expectExpanded(toggle(page, section.title), false);
  }
});

test("a click opens a submenu with the section's links and a second click closes it", async ({
  page,
}) => {
  for (const section of sections) {
    const sectionToggle = toggle(page, section.title);
    await sectionToggle.click();
    await expectExpanded(sectionToggle, true);
    const links = (await panelOf(sectionToggle)).getByRole("link");
    await expect(links).toHaveText(section.children.map((c) => c.title));
    for (const [i, child] of section.children.entries())
      await expect(links.nth(i)).toHaveAttribute("href", child.url);
    // The open panel stays inside the window (the last panels open leftwards).
    const box = await (await panelOf(sectionToggle)).boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(page.viewportSize()!.width);
    await sectionToggle.click();
    await expectExpanded(sectionToggle, false);
  }
});

test("the Enter and Space keys open and close a submenu, keeping focus on its toggle", async ({
  page,
}) => {
  const services = toggle(page, "Services");
  await services.focus();
  for (const key of ["Enter", "Space"]) {
    await page.keyboard.press(key);
    await expectExpanded(services, true);
    await expect(services).toBeFocused();
    await page.keyboard.press(key);
    await expectExpanded(services, false);
    await expect(services).toBeFocused();
  }
});

test("the Down key opens a submenu on its first link; Down and Up move between its links", async ({
  page,
}) => {
  const insights = toggle(page, "Insights");
  const children = sections.find((s) => s.title === "Insights")!.children;
  await insights.focus();
  await page.keyboard.press("ArrowDown");
  await expectExpanded(insights, true);
  const panel = await panelOf(insights);
  const link = (i: number) => panel.getByRole("link", { name: children[i]!.title, exact: true });
  await expect(link(0)).toBeFocused();
  await page.keyboard.press("ArrowDown");
  await expect(link(1)).toBeFocused();
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("ArrowDown");
  await expect(link(3)).toBeFocused();
  await page.keyboard.press("ArrowDown");
  await expect(link(3)).toBeFocused();
  await page.keyboard.press("ArrowUp");
  await expect(link(2)).toBeFocused();
  await expectExpanded(insights, true);
});

test("only one submenu is open at a time", async ({ page }) => {
  await toggle(page, "Services").click();
  await toggle(page, "About").click();
  await expectExpanded(toggle(page, "About"), true);
  await expectExpanded(toggle(page, "Services"), false);
  await toggle(page, "Transactions").focus();
  await page.keyboard.press("Enter");
  await expectExpanded(toggle(page, "Transactions"), true);
  await expectExpanded(toggle(page, "About"), false);
});

test("Escape closes the submenu and returns focus to its toggle", async ({ page }) => {
  const services = toggle(page, "Services");
  await services.focus();
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("ArrowDown");
  await expect((await panelOf(services)).getByRole("link").nth(1)).toBeFocused();
  await page.keyboard.press("Escape");
  await expectExpanded(services, false);
  await expect(services).toBeFocused();
});

test("Escape closes the submenu after a click on its background left focus on the page", async ({
  page,
}) => {
  const services = toggle(page, "Services");
  await services.click();
  await (await panelOf(services)).click({ position: { x: 3, y: 3 } });
  expect(await page.evaluate(() => document.activeElement === document.body)).toBe(true);
  await expectExpanded(services, true);
  await page.keyboard.press("Escape");
  await expectExpanded(services, false);
  await expect(services).toBeFocused();
});

test("Tab past the last link closes the submenu and moves on to the next section", async ({
  page,
}) => {
  const services = toggle(page, "Services");
  await services.click();
  const links = (await panelOf(services)).getByRole("link");
  await page.keyboard.press("Tab");
  await expect(links.first()).toBeFocused();
  await expectExpanded(services, true);
  const count = await links.count();
  for (let i = 1; i < count; i++) await page.keyboard.press("Tab");
  await expect(links.last()).toBeFocused();
  await page.keyboard.press("Tab");
  await expectExpanded(services, false);
  // The section after Services in the site's navigation.
  const next = sections[sections.findIndex((s) => s.title === "Services") + 1]!;
  await expect(mainNav(page).getByRole("link", { name: next.title, exact: true })).toBeFocused();
});

test("a click outside closes the open submenu", async ({ page }) => {
  const about = toggle(page, "About");
  await about.click();
  await expectExpanded(about, true);
  await page.getByRole("heading", { level: 1 }).click();
  await expectExpanded(about, false);
});

test("a link in a submenu leads to its page", async ({ page }) => {
  await toggle(page, "About").click();
  await (await panelOf(toggle(page, "About"))).getByRole("link", { name: "Leadership" }).click();
  await expect(page).toHaveURL(/\/about\/leadership$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Leadership");
});

test("opening a submenu closes the open search bar, and opening search closes the submenu", async ({
  page,
}) => {
  const search = page.getByRole("banner").getByRole("button", { name: "Search", exact: true });
  await search.click();
  await expectExpanded(search, true);
  await toggle(page, "Insights").click();
  await expectExpanded(toggle(page, "Insights"), true);
  await expectExpanded(search, false);
  await search.click();
  await expectExpanded(search, true);
  await expectExpanded(toggle(page, "Insights"), false);
});

test("an open submenu has no accessibility violations", async ({ page }) => {
  for (const section of ["Services", "About"]) {
    await toggle(page, section).click();
    await expectExpanded(toggle(page, section), true);
    expect(await axeViolations(page)).toEqual([]);
  }
});
