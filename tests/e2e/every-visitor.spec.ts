import type { Page } from "@playwright/test";
import { expect, expectHydrated, test } from "./fixtures.ts";
import {
  controlsWithoutEdges,
  enlargeText,
  pageTypes,
  reflowProblems,
  tabWalkProblems,
} from "./visitor-checks.ts";

// Every page type and widget state for every visitor, as axe already checks them:
// no sideways scrolling at 320 px (WCAG 1.4.10); 200% text at 375 and 1280 px with no sideways
// scrolling and no control off screen (1.4.4); a Tab walk where focus is always visible and never
// covered (2.4.7, 2.4.11); and in forced colors, screenshots where every button and field shows
// its four edges (1.4.11). forced-colors.spec.ts checks the states shown by colour.

/** Opens a page and waits until its islands and widgets have settled. */
async function open(page: Page, site: string, path: string) {
  await page.goto(`${site}${path}`);
  await expectHydrated(page.locator("header.site-header"));
  await page.waitForLoadState("networkidle");
}

/** The widgets' states beyond the loaded page, each reached from its page. */
const WIDGET_STATES: [string, string, (page: Page) => Promise<void>][] = [
  [
    "Historical Transactions, searched with no results",
    "/transactions?q=zzzz-no-such-deal",
    async (page) => {
      await expect(page.getByText("This search returned no results.")).toBeVisible();
    },
  ],
  [
    "Historical Transactions, on page 2, sorted by Client",
    "/transactions?page=2&sort=client&order=asc",
    async (page) => {
      await expect(page.getByRole("button", { name: "Page 2" })).toHaveAttribute(
        "aria-current",
        "page",
      );
    },
  ],
  [
    "Historical Transactions, failed",
    "/transactions",
    async (page) => {
      await page.route("**/api/default/transactions?*", (route) => route.fulfill({ status: 503 }));
      await page.reload();
      await expect(page.getByRole("button", { name: "Try again" })).toBeVisible();
    },
  ],
  [
    "Topics A – Z, letter B",
    "/topics#b",
    async (page) => {
      await expect(page.getByRole("button", { name: "B", exact: true })).toHaveAttribute(
        "aria-pressed",
        "true",
      );
    },
  ],
  [
    "Topics A – Z, failed",
    "/topics",
    async (page) => {
      await page.route("**/api/default/flat-taxa?*", (route) => route.fulfill({ status: 500 }));
      await page.reload();
      await expect(page.getByRole("button", { name: "Try again" })).toBeVisible();
    },
  ],
];

const everything = (): [string, string, (page: Page) => Promise<void>][] => [
  ...pageTypes().map(([name, path]): [string, string, (page: Page) => Promise<void>] => [
    name,
    path,
    async () => {},
  ]),
  ...WIDGET_STATES,
];

test.describe("reflow at 320 px", () => {
  test.use({ viewport: { width: 320, height: 720 } });
  for (const [name, path, reach] of everything()) {
    test(`${name}: nothing scrolls sideways`, async ({ page, site }) => {
      await open(page, site, path);
      await reach(page);
      expect(await reflowProblems(page)).toEqual([]);
    });
  }
});

for (const width of [375, 1280]) {
  test.describe(`200% text at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });
    for (const [name, path, reach] of everything()) {
      test(`${name}: nothing scrolls sideways and every control is on screen`, async ({
        page,
        site,
      }) => {
        await open(page, site, path);
        await reach(page);
        await enlargeText(page, 2);
        expect(await reflowProblems(page)).toEqual([]);
      });
    }
  });
}

for (const width of [375, 1280]) {
  test.describe(`keyboard alone at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });
    for (const [name, path, reach] of everything()) {
      test(`${name}: focus is always visible and never covered`, async ({ page, site }) => {
        await open(page, site, path);
        await reach(page);
        expect(await tabWalkProblems(page)).toEqual([]);
      });
    }
  });
}

for (const width of [375, 1280]) {
  test.describe(`forced colors at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });
    for (const [name, path, reach] of everything()) {
      test(`${name}: every button and field shows its edges`, async ({ page, site }) => {
        await page.emulateMedia({ forcedColors: "active", reducedMotion: "reduce" });
        await open(page, site, path);
        await reach(page);
        expect(await controlsWithoutEdges(page)).toEqual([]);
      });
    }
  });
}
