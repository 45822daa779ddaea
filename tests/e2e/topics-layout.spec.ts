import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { DESKTOP_AND_PHONE, expect, test } from "./fixtures.ts";
import { fillShare, pixels } from "./visitor-checks.ts";

// How Topics A – Z sits on /topics: its title said once, and letters without topics muted but
// not struck out.

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
      const { violations } = await new AxeBuilder({ page })
        .setLegacyMode(true)
        .withTags([
          "wcag2a",
          "wcag2aa",
          "wcag21a",
          "wcag21aa",
          "wcag22a",
          "wcag22aa",
          "best-practice",
        ])
        .analyze();
      expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(", ")}`)).toEqual(
        [],
      );
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
