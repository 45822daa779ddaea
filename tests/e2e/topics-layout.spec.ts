import type { Page } from "@playwright/test";
import { axeViolations, DESKTOP_AND_PHONE, expect, nextFrames, test } from "./fixtures.ts";
import { recordLayoutShifts } from "./layout-shift.ts";
import { fillShare, pixels } from "./visitor-checks.ts";

// How Topics A – Z sits on /topics: its title said once, letters without topics muted but not
// struck out, a widget as tall as what it shows, and nothing that moves while it loads.

const TITLE = /^Topics A [–-] Z$/;
const widgetOf = (page: Page) => page.getByRole("region", { name: "Topics A - Z" });
const toolbarOf = (page: Page) => page.getByRole("toolbar", { name: "Topics by letter" });
const letterButton = (page: Page, letter: string) =>
  toolbarOf(page).getByRole("button", { name: letter.toUpperCase(), exact: true });

/** Each letter button's letter (a–z) and topic count, as its description tells a screen reader. */
async function letterCounts(page: Page): Promise<{ letter: string; count: number }[]> {
  return toolbarOf(page)
    .getByRole("button")
    .evaluateAll((buttons) =>
      buttons.map((b) => {
        const id = b.getAttribute("aria-describedby");
        const description = (id && document.getElementById(id)?.textContent) || "";
        return { letter: b.textContent!.toLowerCase(), count: parseInt(description, 10) || 0 };
      }),
    );
}

for (const viewport of DESKTOP_AND_PHONE) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport });

    test("the title shows once, as the page's one h1, and the widget keeps it as its name", async ({
      page,
      site,
    }) => {
      await page.goto(`${site}/topics`);
      await expect(widgetOf(page).getByRole("list", { name: "A" })).toBeVisible();
      const titles = page.getByRole("heading", { name: TITLE }).filter({ visible: true });
      await expect(titles).toHaveCount(1);
      await expect(titles).toHaveJSProperty("tagName", "H1");
      await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);
      // The letter's heading comes next in the outline, right under the page's h1.
      await expect(widgetOf(page).getByRole("heading", { level: 2 })).toHaveText("A");
    });

    test("the widget is as tall as what it shows, for a full, a short and an empty letter", async ({
      page,
      site,
    }) => {
      await page.goto(`${site}/topics`);
      await expect(widgetOf(page).getByRole("list", { name: "A" })).toBeVisible();
      const counts = await letterCounts(page);
      const most = counts.reduce((a, b) => (b.count > a.count ? b : a));
      const fewest = counts
        .filter((c) => c.count > 0)
        .reduce((a, b) => (b.count < a.count ? b : a));
      const empty = counts.find((c) => c.count === 0)!;
      for (const { letter } of [counts[0]!, most, fewest, empty]) {
        await test.step(`letter ${letter}`, async () => {
          await letterButton(page, letter).click();
          await expect(letterButton(page, letter)).toHaveAttribute("aria-pressed", "true");
          // The empty space the placeholder keeps below the widget's last line of content: at
          // most one line of text, so the footer follows the topics instead of a blank band.
          const slack = await page.locator("#topicsearch").evaluate((slot) => {
            // What draws something: elements with no element inside (a box around others,
            // given a height of its own, would count as content otherwise).
            const bottoms = [...slot.querySelectorAll("*")]
              .filter((e) => e.childElementCount === 0 && e.checkVisibility())
              .map((e) => e.getBoundingClientRect().bottom);
            return slot.getBoundingClientRect().bottom - Math.max(...bottoms);
          });
          expect(slack).toBeLessThanOrEqual(24);
        });
      }
    });

    test("nothing moves from the first paint until the topics show", async ({ page, site }) => {
      // The fonts at hand, as on a visitor's second page: the swap from the fallback font on a
      // first visit moves the whole page's text a little, which is the fallbacks' business
      // (src/styles/fonts.css), not the widget's.
      await page.goto(`${site}/topics`);
      await page.evaluate(() => document.fonts.ready);
      const layoutShift = await recordLayoutShifts(page);
      await page.goto(`${site}/topics`);
      await expect(widgetOf(page).getByRole("list", { name: "A" })).toBeVisible();
      await nextFrames(page);
      expect(await layoutShift.total()).toBe(0);
    });

    test("letters without topics are muted, not struck out, and still work by mouse and keyboard", async ({
      page,
      site,
    }) => {
      await page.goto(`${site}/topics`);
      await expect(letterButton(page, "a")).toHaveAttribute("aria-pressed", "true");
      const empty = (await letterCounts(page)).find((c) => c.count === 0)!.letter;
      const button = letterButton(page, empty);
      const decoration = await button.evaluate((b) => getComputedStyle(b).textDecorationLine);
      expect(decoration).not.toContain("line-through");

      await button.click();
      await expect(widgetOf(page).getByRole("status")).toHaveText(
        `No '${empty.toUpperCase()}' topics found.`,
      );
      await expect(button).not.toHaveCSS("text-decoration-line", /line-through/);

      await letterButton(page, "a").click();
      await page.keyboard.press("Home");
      for (let i = 0; i < "abcdefghijklmnopqrstuvwxyz".indexOf(empty); i++)
        await page.keyboard.press("ArrowRight");
      await expect(button).toBeFocused();
      await page.keyboard.press("Enter");
      await expect(button).toHaveAttribute("aria-pressed", "true");
    });

    test("axe, best practices included (heading order, landmarks), finds nothing", async ({
      page,
      site,
    }) => {
      await page.goto(`${site}/topics`);
      await expect(widgetOf(page).getByRole("list", { name: "A" })).toBeVisible();
      expect(await axeViolations(page)).toEqual([]);
    });
  });
}

test("in forced colors the selected letter is filled, unlike the others", async ({
  page,
  site,
}) => {
  await page.emulateMedia({ forcedColors: "active", colorScheme: "light" });
  await page.goto(`${site}/topics#b`);
  await expect(letterButton(page, "b")).toHaveAttribute("aria-pressed", "true");
  await page.mouse.move(0, 0);
  const { at } = await pixels(page, { x: 0, y: 0, width: 4, height: 4 });
  const ground = at(1, 1);
  const selected = await fillShare(page, '.ts-letter[aria-pressed="true"]', ground);
  const other = await fillShare(page, '.ts-letter[aria-pressed="false"]', ground);
  expect(selected - other).toBeGreaterThan(0.4);
});
