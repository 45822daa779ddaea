import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures.ts";

// Topics A – Z with the keyboard alone: the letter row is one tab stop (a WAI-ARIA toolbar);
// the arrows, Home and End move focus without selecting; Enter and Space select.

const widgetOf = (page: Page) => page.getByRole("region", { name: "Topics A - Z" });
const toolbarOf = (page: Page) => page.getByRole("toolbar", { name: "Topics by letter" });
const letter = (page: Page, name: string) =>
  toolbarOf(page).getByRole("button", { name, exact: true });

/** Opens /topics with `hash` and presses Tab from the top of the page until focus enters the letter row. */
async function tabIntoLetters(page: Page, site: string, hash = "") {
  await page.goto(`${site}/topics${hash}`);
  await expect(toolbarOf(page)).toBeVisible();
  for (let presses = 0; presses < 60; presses++) {
    await page.keyboard.press("Tab");
    if (await toolbarOf(page).evaluate((row) => row.contains(document.activeElement))) return;
  }
  throw new Error("Tab never reached the letter row");
}

test("Tab lands on the selected letter, and the next Tab leaves the row for the first topic", async ({
  page,
  site,
}) => {
  await tabIntoLetters(page, site, "#c");
  await expect(letter(page, "C")).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(
    widgetOf(page).getByRole("list", { name: "C" }).getByRole("link").first(),
  ).toBeFocused();
  await page.keyboard.press("Shift+Tab");
  await expect(letter(page, "C")).toBeFocused();
});

test("the arrows move focus along the row without selecting; Enter and Space select", async ({
  page,
  site,
}) => {
  await tabIntoLetters(page, site);
  await expect(letter(page, "A")).toBeFocused();
  await page.keyboard.press("ArrowRight");
  await expect(letter(page, "B")).toBeFocused();
  await page.keyboard.press("ArrowRight");
  await expect(letter(page, "C")).toBeFocused();
  await page.keyboard.press("ArrowLeft");
  await expect(letter(page, "B")).toBeFocused();
  await expect(letter(page, "A")).toHaveAttribute("aria-pressed", "true");
  await expect(letter(page, "B")).toHaveAttribute("aria-pressed", "false");
  await expect(page).toHaveURL(`${site}/topics`);

  await page.keyboard.press("Enter");
  await expect(letter(page, "B")).toHaveAttribute("aria-pressed", "true");
  await expect(letter(page, "A")).toHaveAttribute("aria-pressed", "false");
  await expect(widgetOf(page).getByRole("status")).toContainText("under B");
  await expect(letter(page, "B")).toBeFocused();

  await page.keyboard.press("ArrowRight");
  await page.keyboard.press("ArrowRight");
  await page.keyboard.press(" ");
  await expect(letter(page, "D")).toHaveAttribute("aria-pressed", "true");
  await expect(widgetOf(page).getByRole("status")).toContainText("under D");
  await expect(toolbarOf(page).getByRole("button", { pressed: true })).toHaveCount(1);
});

test("Home and End jump to the first and last letter, and the arrows wrap at the ends", async ({
  page,
  site,
}) => {
  await tabIntoLetters(page, site, "#m");
  const buttons = toolbarOf(page).getByRole("button");
  await expect(letter(page, "M")).toBeFocused();
  await page.keyboard.press("End");
  await expect(buttons.last()).toBeFocused();
  await page.keyboard.press("ArrowRight");
  await expect(buttons.first()).toBeFocused();
  await expect(letter(page, "A")).toBeFocused();
  await page.keyboard.press("ArrowLeft");
  await expect(buttons.last()).toBeFocused();
  await page.keyboard.press("Home");
  await expect(letter(page, "A")).toBeFocused();
  await expect(letter(page, "M")).toHaveAttribute("aria-pressed", "true");
});

test("the row is a single tab stop wherever focus moved in it", async ({ page, site }) => {
  await tabIntoLetters(page, site, "#b");
  await page.keyboard.press("End");
  await page.keyboard.press("ArrowLeft");
  const stops = await toolbarOf(page)
    .getByRole("button")
    .evaluateAll((buttons) => buttons.filter((b) => (b as HTMLElement).tabIndex >= 0).length);
  expect(stops).toBe(1);
  await page.keyboard.press("Tab");
  await expect(
    widgetOf(page).getByRole("list", { name: "B" }).getByRole("link").first(),
  ).toBeFocused();
});
