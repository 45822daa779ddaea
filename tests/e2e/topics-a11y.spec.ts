import type { Page } from "@playwright/test";
import { axeViolations, DESKTOP_AND_PHONE, expect, test } from "./fixtures.ts";

// axe-core (WCAG 2.2 A/AA) over /topics in every state of Topics A – Z, at desktop and phone widths.

const FLAT_TAXA = "**/api/default/flat-taxa*";
const widgetOf = (page: Page) => page.getByRole("region", { name: "Topics A - Z" });
const toolbarOf = (page: Page) => page.getByRole("toolbar", { name: "Topics by letter" });

for (const viewport of DESKTOP_AND_PHONE) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport });

    test("loading, loaded, an empty letter and '#' have no violations", async ({ page, site }) => {
      let release!: () => void;
      const released = new Promise<void>((resolve) => (release = resolve));
      await page.route(FLAT_TAXA, async (route) => {
        await released;
        await route.continue();
      });
      await page.goto(`${site}/topics`);
      const widget = widgetOf(page);

      await test.step("loading", async () => {
        await expect(widget.getByRole("status")).toHaveText("Loading topics…");
        expect(await axeViolations(page)).toEqual([]);
        release();
      });

      await test.step("loaded", async () => {
        await expect(widget.getByRole("list", { name: "A" })).toBeVisible();
        expect(await axeViolations(page)).toEqual([]);
      });

      await test.step("an empty letter", async () => {
        // The first letter the widget itself describes as empty; topics-letters checks which.
        const empty = await toolbarOf(page)
          .getByRole("button")
          .evaluateAll(
            (buttons) =>
              buttons.find((b) => {
                const id = b.getAttribute("aria-describedby");
                return id && document.getElementById(id)?.textContent === "No topics";
              })?.textContent,
          );
        expect(empty).toMatch(/^[A-Z]$/);
        await toolbarOf(page).getByRole("button", { name: empty!, exact: true }).click();
        await expect(widget.getByRole("status")).toHaveText(/^No '[A-Z]' topics found\.$/);
        expect(await axeViolations(page)).toEqual([]);
      });

      await test.step("'#' selected", async () => {
        await toolbarOf(page).getByRole("button", { name: "# (digits and symbols)" }).click();
        await expect(widget.getByRole("list", { name: "#" })).toBeVisible();
        expect(await axeViolations(page)).toEqual([]);
      });
    });

    test("the error state has no violations", async ({ page, site }) => {
      await page.route(FLAT_TAXA, (route) => route.fulfill({ status: 500, body: "<h1>Oops</h1>" }));
      await page.goto(`${site}/topics`);
      await expect(widgetOf(page).getByRole("button", { name: "Try again" })).toBeVisible();
      expect(await axeViolations(page)).toEqual([]);
    });
  });
}
