import type { Page } from "@playwright/test";
import { expect, nextFrames, test } from "./fixtures.ts";
import { recordLayoutShifts } from "./layout-shift.ts";
import { openLoaded, showIndustries, typefacesLoaded, widget } from "./transactions-reference.ts";

// Historical Transactions on /transactions, as a visitor on a phone meets it: a compact form that
// leaves the results within reach, cards that lead with the client, and, before any script has
// run, a skeleton of the widget that holds its shape so that nothing moves when the deals arrive.

const PHONE = { width: 375, height: 812 };

/** Holds every request matching `url` until `release()` is called. */
async function hold(page: Page, url: string) {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  await page.route(url, async (route) => {
    await gate;
    await route.fallback();
  });
  return release;
}

/**
 * Sums the page's layout shifts; `since()` starts the sum again once the page has drawn in its
 * typefaces (the banner's heading moves as its typeface arrives, none of the widget's doing),
 * and `total()` reads it.
 */
async function recordLayoutShift(page: Page) {
  const shifts = await recordLayoutShifts(page);
  return {
    since: async () => {
      await typefacesLoaded(page);
      await shifts.restart();
    },
    total: shifts.total,
  };
}

/** The top of an element relative to the widget's placeholder, in CSS pixels. */
const topInWidget = (page: Page, selector: string) =>
  page.evaluate((s) => {
    const slot = document.getElementById("historicaltransactions")!.getBoundingClientRect();
    const element = document.querySelector(s);
    return element ? Math.round(element.getBoundingClientRect().top - slot.top) : null;
  }, selector);

test.describe("at 375 px", () => {
  test.use({ viewport: PHONE });

  test("each result card reads the client first, then the date, size, group and description", async ({
    page,
    request,
    site,
  }) => {
    const { w, ref } = await openLoaded(page, request, site);
    for (const n of [0, 1]) {
      // The cells in the order the eye meets them: top to bottom, then left to right.
      const order = await w.bodyRows.nth(n).evaluate((tr) =>
        [...(tr as HTMLTableRowElement).cells]
          .map((cell, index) => ({ index, box: cell.getBoundingClientRect() }))
          .sort((a, b) => Math.round(a.box.top - b.box.top) || a.box.left - b.box.left)
          .map(({ index }) => index),
      );
      // DOM order: Close Date, Client, Size / $MM, Description, Industry Group.
      expect(order, `card ${n + 1}`).toEqual([1, 0, 2, 4, 3]);
      await expect(w.bodyRows.nth(n).getByRole("cell").nth(1)).toHaveText(ref.rows[n]!.company);
    }
  });

  // 700 px: on a 375 x 812 phone (the common size), the form, the count and the sort controls
  // fit within one screen of the widget's top, so the first deal is reached with one scroll
  // from the banner. The form alone was 838 px tall, and the first deal 1,012 px down.
  test("the filters leave the first deal within 700 px of the widget's top", async ({
    page,
    request,
    site,
  }) => {
    const { w } = await openLoaded(page, request, site);
    const top = await topInWidget(page, ".ht-table tbody tr");
    expect(top).not.toBeNull();
    expect(top!).toBeLessThanOrEqual(700);
    // Every field is still there, the industry groups one press away.
    await expect(w.text).toBeVisible();
    await expect(w.date).toBeVisible();
    await expect(w.amount).toBeVisible();
    await expect(w.submit).toBeVisible();
  });
});

test("the industry groups open from a toggle that says how many are ticked, by keyboard too", async ({
  page,
  request,
  site,
}) => {
  const { w, ref } = await openLoaded(page, request, site);
  const toggle = w.industriesToggle;
  await expect(toggle).toHaveAttribute("aria-expanded", "false");
  await expect(toggle).toHaveText("Any group");
  await expect(w.selectAll).toBeHidden();

  await toggle.focus();
  await page.keyboard.press("Enter");
  await expect(toggle).toHaveAttribute("aria-expanded", "true");
  await page.keyboard.press("Tab");
  await expect(w.selectAll).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(w.industry(ref.groups[0]!.title)).toBeFocused();
  await page.keyboard.press("Space");
  await w.industry(ref.groups[2]!.title).check();
  await expect(toggle).toHaveText(`2 of ${ref.groups.length} selected`);
  await w.selectAll.check();
  await expect(toggle).toHaveText(`All ${ref.groups.length} selected`);

  // Closed again, the choice stays and is what the search uses.
  await toggle.click();
  await expect(toggle).toHaveAttribute("aria-expanded", "false");
  await expect(w.selectAll).toBeHidden();
  await w.submit.click();
  await showIndustries(w);
  for (const group of ref.groups) await expect(w.industry(group.title)).toBeChecked();
});

test.describe("before any script has run", () => {
  test("the page's HTML holds the widget's skeleton and 'Loading'", async ({ request, site }) => {
    const html = await (await request.get(`${site}/transactions`)).text();
    const slot = /<div[^>]*\bid="historicaltransactions"[^>]*>([\s\S]*?)<noscript>/.exec(html);
    expect(slot, "the placeholder is in the page").not.toBeNull();
    expect(slot![1]).toMatch(/role="status"[^>]*>Loading</);
    expect(slot![1]).toMatch(/class="[^"]*\bht-skeleton\b/);
  });

  for (const viewport of [PHONE, { width: 1280, height: 900 }]) {
    test(`at ${viewport.width} px the skeleton shows from the first paint, and nothing moves when the widget and its deals arrive`, async ({
      page,
      site,
    }) => {
      await page.setViewportSize(viewport);
      const layoutShift = await recordLayoutShift(page);
      const releaseScripts = await hold(page, "**/_astro/*.js");
      const releaseDeals = await hold(page, "**/api/default/transactions?*");
      await page.goto(`${site}/transactions`, { waitUntil: "commit" });
      const w = widget(page);

      // The server's HTML alone, styled: 'Loading' and rows shaped like the table's.
      await expect(w.loading).toBeVisible();
      await expect(page.locator("#historicaltransactions")).not.toHaveAttribute("data-mounted");
      await expect(page.locator(".ht-skeleton-row").first()).toBeVisible();
      await layoutShift.since();
      const status = await topInWidget(page, '[role="status"]');
      const skeletonTable = await topInWidget(page, ".ht-skeleton-table");

      // The widget's script has run: still loading, in the same place.
      releaseScripts();
      await expect(page.locator("#historicaltransactions")).toHaveAttribute("data-mounted");
      await expect(w.loading).toBeVisible();
      await nextFrames(page);
      expect(await topInWidget(page, '[role="status"]')).toBe(status);
      expect(await topInWidget(page, ".ht-skeleton-table")).toBe(skeletonTable);

      // The deals: the count takes the place of 'Loading', the table that of the skeleton.
      releaseDeals();
      await expect(w.table).toBeVisible();
      await expect(w.count).toHaveText(/results$/);
      await nextFrames(page);
      expect(await topInWidget(page, ".ht-count")).toBe(status);
      expect(await topInWidget(page, ".ht-table")).toBe(skeletonTable);
      expect(await layoutShift.total()).toBe(0);
    });
  }
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the skeleton is not shown, only the list of recent deals", async ({ page, site }) => {
    await page.goto(`${site}/transactions`);
    // Playwright's text queries skip <noscript>, so the list is found by its place.
    await expect(page.locator("#historicaltransactions noscript li a").first()).toBeVisible();
    await expect(page.locator(".ht-skeleton").first()).toBeAttached();
    await expect(page.locator(".ht-skeleton").first()).toBeHidden();
    await expect(page.getByText("Loading", { exact: true })).toBeHidden();
  });
});
