import type { Page } from "@playwright/test";
import { expect, tabTo, test } from "./fixtures.ts";
import {
  countText,
  expectedRows,
  expectResults,
  openLoaded,
  openWidget,
  pageDescriptions,
  pagesFor,
  reference,
  type Reference,
  searchFor,
  showIndustries,
  type Widget,
} from "./transactions-reference.ts";

// Historical Transactions on /transactions: the search in the address (shareable, reloadable,
// Back/Forward), the pager over the whole list, and use with the keyboard alone.

const params = (page: Page) => {
  const search = new URL(page.url()).searchParams;
  return [...search].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
};

async function expectForm(w: Widget, ref: Reference, text: string, industries: string[]) {
  await expect(w.text).toHaveValue(text);
  await showIndustries(w);
  for (const group of ref.groups)
    await expect(w.industry(group.title)).toBeChecked({
      checked: industries.includes(group.title),
    });
}

test("a search is written to the address and comes back on reload", async ({
  page,
  request,
  site,
}) => {
  const w = await openWidget(page, site);
  const ref = await reference(request, site, await pageDescriptions(page));
  const [a, b] = ref.groups;
  const search = {
    text: "Halvorsen",
    size: "below" as const,
    amount: 500,
    industries: [a!.title, b!.title],
  };
  await searchFor(w, ref, search);
  const rows = expectedRows(ref, search);
  expect(pagesFor(rows.length)).toBeGreaterThan(1);
  await expectResults(w, rows);
  // The groups by their UrlName, which a reader of the address understands, not by their Id.
  expect(params(page)).toEqual(
    [
      ["amount", "500"],
      ["industry", a!.urlName],
      ["industry", b!.urlName],
      ["q", "Halvorsen"],
      ["size", "below"],
    ].sort(([x], [y]) => (x! < y! ? -1 : 1)),
  );
  await w.pager.getByRole("button", { name: "Page 2" }).click();
  await expect(page).toHaveURL(/[?&]page=2(&|$)/);

  await page.reload();
  await expectResults(w, rows, 2);
  await expectForm(w, ref, "Halvorsen", [a!.title, b!.title]);
  await expect(w.below).toBeChecked();
  await expect(w.amount).toHaveValue("500");
  await expect(w.pager.getByRole("button", { name: "Page 2" })).toHaveAttribute(
    "aria-current",
    "page",
  );
});

test("an address shared with the groups' Ids, as it was written before, opens the same search", async ({
  page,
  request,
  site,
}) => {
  const w = await openWidget(page, site);
  const ref = await reference(request, site, await pageDescriptions(page));
  const [a, b] = ref.groups;
  const search = { text: "advised", industries: [a!.title, b!.title] };
  const rows = expectedRows(ref, search);

  // Either name reads, in any case; the address then names the groups by UrlName.
  for (const [first, second] of [
    [a!.id, b!.id],
    [a!.id.toUpperCase(), b!.urlName],
  ]) {
    await openWidget(page, site, `?q=advised&industry=${first}&industry=${second}&page=2`);
    await expectResults(w, rows, 2);
    await expectForm(w, ref, "advised", search.industries);
    await expect
      .poll(() => params(page))
      .toEqual([
        ["industry", a!.urlName],
        ["industry", b!.urlName],
        ["page", "2"],
        ["q", "advised"],
      ]);
  }
  // A link with a UrlName opens the same way, and the address stays as it was.
  await openWidget(page, site, `?industry=${b!.urlName}`);
  await expectResults(w, expectedRows(ref, { industries: [b!.title] }));
  await expectForm(w, ref, "", [b!.title]);
  expect(params(page)).toEqual([["industry", b!.urlName]]);
});

test("Back and Forward bring back the previous searches and their results", async ({
  page,
  request,
  site,
}) => {
  const { w, ref } = await openLoaded(page, request, site, "?keep=1");
  const first = { industries: [ref.groups[0]!.title] };
  const second = { text: "advised", industries: [ref.groups[1]!.title] };
  await searchFor(w, ref, first);
  await expectResults(w, expectedRows(ref, first));
  await searchFor(w, ref, second);
  await expectResults(w, expectedRows(ref, second));
  await w.table.getByRole("button", { name: "Client", exact: true }).click();
  await expect(w.table.getByRole("columnheader", { name: "Client" })).toHaveAttribute(
    "aria-sort",
    "ascending",
  );

  await page.goBack();
  await expect(w.table.getByRole("columnheader", { name: "Close Date" })).toHaveAttribute(
    "aria-sort",
    "descending",
  );
  await expectResults(w, expectedRows(ref, second));
  await page.goBack();
  await expectResults(w, expectedRows(ref, first));
  await expectForm(w, ref, "", first.industries);
  await page.goBack();
  await expectResults(w, ref.rows);
  await expectForm(w, ref, "", []);
  expect(params(page)).toEqual([["keep", "1"]]);

  await page.goForward();
  await expectResults(w, expectedRows(ref, first));
  await page.goForward();
  await expectResults(w, expectedRows(ref, second));
  await expectForm(w, ref, "advised", second.industries);
  expect(params(page)).toContainEqual(["keep", "1"]);
});

test("the pager numbers the first, last and nearby pages and reaches the last one", async ({
  page,
  request,
  site,
}) => {
  const { w, ref } = await openLoaded(page, request, site);
  const pages = pagesFor(ref.rows.length);
  expect(pages).toBeGreaterThan(7);
  const numbers = () => w.pager.getByRole("button", { name: /^Page \d+$/ }).allTextContents();
  expect(await numbers()).toEqual(["1", "2", "3", "4", "5", String(pages)]);

  await w.pager.getByRole("button", { name: `Page ${pages}` }).click();
  await expectResults(w, ref.rows, pages);
  await expect(w.pager.getByRole("button", { name: "Next" })).toBeDisabled();
  await expect(w.table).toBeFocused();
  await w.pager.getByRole("button", { name: "Previous" }).click();
  await expectResults(w, ref.rows, pages - 1);
  expect(await numbers()).toContain(String(pages - 2));
  await expect(page).toHaveURL(new RegExp(`[?&]page=${pages - 1}$`));

  // A shared address past the end shows the last page.
  await openWidget(page, site, `?page=${pages + 5}`);
  await expectResults(w, ref.rows, pages);
});

test("a page change shows the table's top and announces the page; a sort change is announced", async ({
  page,
  request,
  site,
}) => {
  const { w, ref } = await openLoaded(page, request, site);
  const pages = pagesFor(ref.rows.length);
  await w.pager.getByRole("button", { name: "Page 2" }).click();
  await expectResults(w, ref.rows, 2);
  await expect(w.table).toBeFocused();
  // The table's top is in the window, not left a screen above it at the pager.
  const top = await w.table.evaluate((table) => table.getBoundingClientRect().top);
  expect(top).toBeGreaterThanOrEqual(-1);
  expect(top).toBeLessThan(page.viewportSize()!.height / 2);
  await expect(w.announcement).toHaveText(
    `Page 2 of ${pages}, results 26 to 50 of ${ref.rows.length.toLocaleString("en-US")}.`,
  );
  await w.table.getByRole("button", { name: /^Client/ }).click();
  await expect(w.announcement).toHaveText("Sorted by Client, A to Z.");
  await w.table.getByRole("button", { name: /^Client/ }).click();
  await expect(w.announcement).toHaveText("Sorted by Client, Z to A.");
});

test("the form works with the keyboard alone: Tab to a field, type, Enter to search", async ({
  page,
  request,
  site,
}) => {
  const { w, ref } = await openLoaded(page, request, site);
  await page.getByRole("heading", { level: 1 }).click();

  await tabTo(page, w.text);
  await page.keyboard.type("Advised");
  await page.keyboard.press("Enter");
  await expectResults(w, expectedRows(ref, { text: "Advised" }));

  // The groups' check boxes are behind their toggle: Enter opens it.
  await tabTo(page, w.industriesToggle);
  await page.keyboard.press("Enter");
  await tabTo(page, w.industry(ref.groups[0]!.title));
  await page.keyboard.press("Space");
  await tabTo(page, w.submit);
  await page.keyboard.press("Enter");
  const search = { text: "Advised", industries: [ref.groups[0]!.title] };
  await expectResults(w, expectedRows(ref, search));

  await tabTo(page, w.table.getByRole("button", { name: "Client", exact: true }));
  await page.keyboard.press("Enter");
  await expect(w.table.getByRole("columnheader", { name: "Client" })).toHaveAttribute(
    "aria-sort",
    "ascending",
  );

  // Forward through the page's rows (each client a link to its deal's page) and round again.
  await tabTo(page, w.clear, { max: 160 });
  await page.keyboard.press("Space");
  await expect(w.count).toHaveText(countText(ref.rows.length));
  await expect(w.text).toHaveValue("");
});

test("following an in-page link keeps what the visitor has typed but not yet searched", async ({
  page,
  request,
  site,
}) => {
  const w = await openWidget(page, site);
  const ref = await reference(request, site, await pageDescriptions(page));
  await searchFor(w, ref, { text: "advised" });
  await w.text.fill("advised by");
  const skip = page.getByRole("link", { name: "Skip to main content" });
  await skip.focus();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\?q=advised#main$/);
  await expect(w.text).toHaveValue("advised by");
  await expect(w.count).toHaveText(countText(expectedRows(ref, { text: "advised" }).length));
});
