import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures.ts";
import { openLoaded, showIndustries } from "./transactions-reference.ts";

// Historical Transactions on /transactions, as a visitor on a phone meets it: a compact form that
// leaves the results within reach, and cards that lead with the client.

const PHONE = { width: 375, height: 812 };

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
