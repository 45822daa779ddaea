import type { Page } from "@playwright/test";
import { DESKTOP_AND_PHONE, expect, test } from "./fixtures.ts";

// How Topics A – Z sits on /topics: its title said once, by the page.

const TITLE = /^Topics A [–-] Z$/;
const widgetOf = (page: Page) => page.getByRole("region", { name: "Topics A - Z" });

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
  });
}
