import type { Locator, Page } from "@playwright/test";
import { expect, panelOf, test } from "./fixtures.ts";
import { nonTextContrasts, underThreeToOne } from "./non-text-contrast.ts";
import { everything, openSettled } from "./visitor-checks.ts";

// WCAG 1.4.11, Non-text Contrast, on every page type and widget state at 375 and 1280 px, in the
// site's own colours (forced colors off: forced-colors.spec.ts covers that mode): every field's
// edge, every box drawn round a button, every state shown by a fill, the bars and axis of a chart,
// and the focus ring of everything Tab reaches, each at 3:1 or more against the colour the browser
// paints behind it. Each test attaches what it measured (contrasts.json).

type Reach = (page: Page) => Promise<void>;

/** Pages and states beyond the visitor checks' list. */
const MORE: [string, string, Reach][] = [
  ["industries", "/industries", async () => {}],
  ["a service's deals", "/services/sell-side-advisory/transactions", async () => {}],
  ["search with no query", "/search", async () => {}],
  [
    "Historical Transactions, loading",
    "/transactions",
    async (page) => {
      await page.route("**/api/default/transactions?*", () => {});
      await page.reload({ waitUntil: "domcontentloaded" });
      await expect(page.getByText(/^Loading/).first()).toBeVisible();
    },
  ],
];

/** The header's panels, open: measured inside the panel only, so that focus keeps it open. */
const PANELS: [string, number[], (page: Page) => Promise<Locator>][] = [
  [
    "the header's search bar",
    [375, 1280],
    async (page) => {
      const toggle = page.getByRole("banner").getByRole("button", { name: "Search", exact: true });
      await toggle.click();
      await expect(toggle).toHaveAttribute("aria-expanded", "true");
      return panelOf(toggle);
    },
  ],
  [
    "a submenu",
    [1280],
    async (page) => {
      const toggle = page.getByRole("button", { name: "Services submenu" });
      await toggle.click();
      await expect(toggle).toHaveAttribute("aria-expanded", "true");
      return panelOf(toggle);
    },
  ],
  [
    "the mobile menu with a submenu",
    [375],
    async (page) => {
      await page.getByRole("button", { name: "Open menu" }).click();
      const menu = page.getByRole("dialog", { name: "Menu" });
      await menu.getByRole("button", { name: "Services submenu" }).click();
      await expect(menu.getByRole("button", { name: "Services submenu" })).toHaveAttribute(
        "aria-expanded",
        "true",
      );
      return menu;
    },
  ],
];

/** Measures `scope` (the page by default), attaches the figures and expects each at 3:1. */
async function expectContrast(page: Page, scope?: Locator) {
  const measures = await nonTextContrasts(page, scope);
  await test.info().attach("contrasts.json", {
    body: JSON.stringify(measures, null, 1),
    contentType: "application/json",
  });
  expect(measures.length).toBeGreaterThan(0);
  expect(underThreeToOne(measures)).toEqual([]);
}

test.beforeEach(async ({ page }) => {
  await page.emulateMedia({ forcedColors: "none", colorScheme: "light" });
});

for (const width of [375, 1280]) {
  test.describe(`non-text contrast at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    for (const [name, path, reach] of [...everything(), ...MORE]) {
      test(`${name}: every edge, state, bar and focus ring reaches 3:1`, async ({ page, site }) => {
        await openSettled(page, site, path);
        await reach(page);
        await expectContrast(page);
      });
    }

    for (const [name, , openPanel] of PANELS.filter(([, widths]) => widths.includes(width))) {
      test(`${name}, open: every edge and focus ring in it reaches 3:1`, async ({ page, site }) => {
        await openSettled(page, site, "/about");
        await expectContrast(page, await openPanel(page));
      });
    }

    test.describe("without JavaScript", () => {
      test.use({ javaScriptEnabled: false });
      for (const path of ["/", "/transactions"]) {
        test(`${path}: every edge and focus ring reaches 3:1`, async ({ page, site }) => {
          await page.goto(`${site}${path}`);
          await expectContrast(page);
        });
      }
    });
  });
}
