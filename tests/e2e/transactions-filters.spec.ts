import type { Locator } from "@playwright/test";
import { DESKTOP_AND_PHONE, expect, test } from "./fixtures.ts";
import {
  countText,
  expectedRows,
  expectResults,
  openLoaded,
  pageDescriptions,
  pagesFor,
  type Reference,
  searchFor,
  showIndustries,
  shownCells,
  type Widget,
} from "./transactions-reference.ts";

// Historical Transactions on /transactions: each filter alone and in combination, compared with
// the rows a plain reference computes from the API's data and the page's descriptions table; a
// close date typed with the keyboard; a visible label on every control; Clear filters.

/** Asserts that a search keeps some rows but not all (else it would prove nothing). */
function narrowing(ref: Reference, rows: unknown[], what: string) {
  expect(rows.length, `${what} finds some deals`).toBeGreaterThan(0);
  expect(rows.length, `${what} leaves some out`).toBeLessThan(ref.rows.length);
}

/** A word of the descriptions that some deals (close to `target` of them) contain. */
function commonWord(ref: Reference, target: number) {
  const words = new Set(
    ref.rows.flatMap((row) => row.text.toLowerCase().match(/[a-z]{5,}/g) ?? []),
  );
  const counted = [...words].map((word) => ({ word, n: expectedRows(ref, { text: word }).length }));
  const useful = counted.filter(({ n }) => n > 1 && n < ref.rows.length / 2);
  useful.sort(
    (a, b) => Math.abs(a.n - target) - Math.abs(b.n - target) || (a.word < b.word ? -1 : 1),
  );
  const pick = useful[0];
  if (!pick) throw new Error("no word splits the descriptions");
  return pick.word;
}

/** The close date shared by the most deals. */
function sharedDate(ref: Reference) {
  const counts = new Map<string, number>();
  for (const row of ref.rows) counts.set(row.date, (counts.get(row.date) ?? 0) + 1);
  const [date, n] = [...counts].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))[0]!;
  expect(n, "the demo data has deals sharing a close date").toBeGreaterThan(1);
  return date;
}

/** A disclosed size that splits the data in two (an actual deal's size, to test strictness). */
function middleSize(ref: Reference) {
  const sizes = ref.rows.flatMap((row) => (row.size === null ? [] : [row.size]));
  return sizes.sort((a, b) => a - b)[Math.floor(sizes.length / 2)]!;
}

async function expectSearch(w: Widget, ref: Reference, search: Parameters<typeof searchFor>[2]) {
  await searchFor(w, ref, search);
  const rows = expectedRows(ref, search);
  await expectResults(w, rows);
  return rows;
}

test("the description search finds the deals whose visible description contains the text, in any case", async ({
  page,
  request,
  site,
}) => {
  const { w, ref } = await openLoaded(page, request, site);
  const word = commonWord(ref, 40);
  const rows = expectedRows(ref, { text: word });
  narrowing(ref, rows, `"${word}"`);
  const mixedCase = [...word].map((c, i) => (i % 2 ? c.toUpperCase() : c)).join("");
  await expectSearch(w, ref, { text: ` ${mixedCase}  ` });
  expect(await shownCells(w.bodyRows)).toEqual(rows.slice(0, 25).map((r) => r.cells));
  if (rows.length > 25) {
    await w.pager.getByRole("button", { name: "Page 2" }).click();
    await expectResults(w, rows, 2);
  }

  // Text that spans a tag (`advised <strong>Company</strong>`) or an entity (`&amp;`) still matches.
  const descriptions = await pageDescriptions(page);
  const advised = ref.rows.find((r) => r.text.includes(`advised ${r.company}`))!;
  const spanning = `advised ${advised.company.split(" ")[0]}`;
  const matched = await expectSearch(w, ref, { text: spanning });
  narrowing(ref, matched, `"${spanning}"`);
  for (const text of [spanning, "& adjacent"])
    expect(Object.values(descriptions).some((html) => html.includes(text))).toBe(false);
  narrowing(ref, await expectSearch(w, ref, { text: "& adjacent" }), '"& adjacent"');
});

test("the close date search finds every deal closed that day", async ({ page, request, site }) => {
  const { w, ref } = await openLoaded(page, request, site);
  const date = sharedDate(ref);
  const rows = await expectSearch(w, ref, { date });
  expect(rows.length).toBeGreaterThan(1);
  expect(new Set((await shownCells(w.bodyRows)).map((cells) => cells[0]))).toEqual(
    new Set([`${date.slice(5, 7)}/${date.slice(8)}/${date.slice(0, 4)}`]),
  );
});

test.describe("in an en-US browser (the date field reads mm/dd/yyyy)", () => {
  test.use({ locale: "en-US" });

  test("a close date typed into the date field with the keyboard finds every deal closed that day", async ({
    page,
    request,
    site,
  }) => {
    const { w, ref } = await openLoaded(page, request, site);
    const date = sharedDate(ref);
    const rows = expectedRows(ref, { date });
    narrowing(ref, rows, date);
    const [year, month, day] = date.split("-");
    // Focus lands on the month, as Tab brings it there (a click lands on the part under it).
    await w.date.focus();
    await page.keyboard.type(`${month}${day}${year}`);
    await expect(w.date).toHaveValue(date);
    await page.keyboard.press("Enter");
    await expectResults(w, rows);
    expect(new URL(page.url()).searchParams.get("date")).toBe(date);
  });
});

test("the size search keeps deals strictly above or below the amount and never an undisclosed one", async ({
  page,
  request,
  site,
}) => {
  const { w, ref } = await openLoaded(page, request, site);
  const amount = middleSize(ref);
  const above = await expectSearch(w, ref, { size: "above", amount });
  const below = await expectSearch(w, ref, { size: "below", amount });
  narrowing(ref, above, "above");
  narrowing(ref, below, "below");
  const equal = ref.rows.filter((row) => row.size === amount).length;
  const undisclosed = ref.rows.filter((row) => row.size === null).length;
  expect(equal).toBeGreaterThan(0);
  expect(undisclosed).toBeGreaterThan(0);
  expect(above.length + below.length + equal + undisclosed).toBe(ref.rows.length);
  // A zero amount: every disclosed size is above it, none below.
  await expectSearch(w, ref, { size: "above", amount: 0 });
  await expect(w.count).toHaveText(countText(ref.rows.length - undisclosed));
  await expectSearch(w, ref, { size: "below", amount: 0 });
  await expect(w.count).toHaveText("This search returned no results.");
  await expect(w.table).toHaveCount(0);
});

test("the industry search finds the deals whose first industry falls under a ticked group", async ({
  page,
  request,
  site,
}) => {
  const { w, ref } = await openLoaded(page, request, site);
  expect(ref.groups.length).toBeGreaterThanOrEqual(8);
  // A group some of whose deals are tagged with a child industry, to test the resolution.
  const transactions = new Map(ref.transactions.map((t) => [t.Id, t]));
  const viaChild = ref.rows.find(
    (row) => row.groupId !== null && transactions.get(row.id)!.industries[0] !== row.groupId,
  );
  expect(viaChild, "some deal's first industry is a child industry").toBeDefined();
  const one = ref.groups.find((g) => g.id === viaChild!.groupId)!.title;
  narrowing(ref, await expectSearch(w, ref, { industries: [one] }), one);
  const several = [one, ...ref.groups.filter((g) => g.title !== one).map((g) => g.title)].slice(
    0,
    3,
  );
  narrowing(ref, await expectSearch(w, ref, { industries: several }), several.join(", "));

  await w.selectAll.check();
  await w.submit.click();
  await expectResults(w, expectedRows(ref, { industries: ref.groups.map((g) => g.title) }));
});

test("combined filters keep only the deals that meet every one", async ({
  page,
  request,
  site,
}) => {
  const { w, ref } = await openLoaded(page, request, site);
  const word = commonWord(ref, 120);
  const amount = middleSize(ref);
  const [a, b, c] = ref.groups.map((g) => g.title);
  const combinations = [
    { text: word, industries: [a!, b!] },
    { text: word, size: "below" as const, amount },
    { size: "above" as const, amount, industries: [a!, b!, c!] },
    { text: word, size: "above" as const, amount, industries: [a!, b!, c!] },
    {
      date: sharedDate(ref),
      industries: [ref.rows.find((r) => r.date === sharedDate(ref))!.groupTitle],
    },
  ];
  for (const search of combinations) {
    const rows = await expectSearch(w, ref, search);
    narrowing(ref, rows, JSON.stringify(search));
    if (rows.length > 25) {
      await w.pager.getByRole("button", { name: "Page 2" }).click();
      await expectResults(w, rows, 2);
    }
  }
  await expectSearch(w, ref, { text: `${word} no such deal zzz`, industries: [a!] });
  await expect(w.count).toHaveText("This search returned no results.");
});

test("select all is ticked, clear or mixed with the groups, and ticks or clears them all", async ({
  page,
  request,
  site,
}) => {
  const { w, ref } = await openLoaded(page, request, site);
  await showIndustries(w);
  const state = () =>
    w.selectAll.evaluate((box: HTMLInputElement) => ({
      checked: box.checked,
      mixed: box.indeterminate,
    }));
  const ticked = () =>
    Promise.all(ref.groups.map((g) => w.industry(g.title).isChecked())).then(
      (all) => all.filter(Boolean).length,
    );
  expect(await state()).toEqual({ checked: false, mixed: false });

  await w.industry(ref.groups[1]!.title).check();
  expect(await state()).toEqual({ checked: false, mixed: true });
  await expect(w.selectAll).toBeChecked({ indeterminate: true });

  for (const group of ref.groups) await w.industry(group.title).check();
  expect(await state()).toEqual({ checked: true, mixed: false });

  await w.selectAll.uncheck();
  expect(await state()).toEqual({ checked: false, mixed: false });
  expect(await ticked()).toBe(0);

  await w.industry(ref.groups[0]!.title).check();
  await w.selectAll.check();
  expect(await state()).toEqual({ checked: true, mixed: false });
  expect(await ticked()).toBe(ref.groups.length);

  await w.industry(ref.groups.at(-1)!.title).uncheck();
  expect(await state()).toEqual({ checked: false, mixed: true });
});

test("Clear filters empties the form and shows every deal again", async ({
  page,
  request,
  site,
}) => {
  const { w, ref } = await openLoaded(page, request, site);
  const search = {
    text: commonWord(ref, 120),
    size: "below" as const,
    amount: middleSize(ref),
    industries: ref.groups.slice(0, 4).map((g) => g.title),
  };
  narrowing(ref, await expectSearch(w, ref, search), "the search");
  await w.date.fill(sharedDate(ref));
  await expect(page).toHaveURL(/\?/);

  await w.clear.click();
  await expectResults(w, ref.rows);
  await expect(w.text).toHaveValue("");
  await expect(w.date).toHaveValue("");
  await expect(w.amount).toHaveValue("");
  await expect(w.above).toBeChecked();
  for (const group of ref.groups) await expect(w.industry(group.title)).not.toBeChecked();
  await expect(w.selectAll).not.toBeChecked();
  expect(new URL(page.url()).search).toBe("");
});

/** Asserts that `text` is on screen and readable: not clipped to a pixel, transparent or hidden. */
async function expectReadable(text: Locator, what: string) {
  await text.scrollIntoViewIfNeeded();
  await expect(text, what).toBeInViewport();
  const box = (await text.boundingBox())!;
  expect(box.height, `${what} is tall enough to read`).toBeGreaterThanOrEqual(12);
  expect(box.width, `${what} is wide enough to read`).toBeGreaterThan(what.length * 4);
  const isShown = await text.evaluate((el) =>
    el.checkVisibility({ opacityProperty: true, visibilityProperty: true }),
  );
  expect(isShown, `${what} is not transparent or hidden`).toBe(true);
}

/** Asserts that a <label> reading `label` is on screen and is the label of `control`. */
async function expectVisiblyLabelled(form: Locator, label: string, control: Locator) {
  const text = form.locator("label").getByText(label, { exact: true });
  await expect(text, label).toHaveCount(1);
  await expectReadable(text, label);
  const byLabel = form.getByLabel(label, { exact: true });
  await expect(byLabel, label).toHaveCount(1);
  const handles = [await byLabel.elementHandle(), await control.elementHandle()];
  const isSame = await text.evaluate(
    (el, [found, expected]) => found === expected && el.closest("label")?.control === found,
    handles,
  );
  expect(isSame, `"${label}" labels ${control}`).toBe(true);
}

/** Asserts that the group named `legend` has that legend on screen. */
async function expectVisibleLegend(form: Locator, legend: string) {
  const group = form.getByRole("group", { name: legend, exact: true });
  await expect(group, legend).toHaveCount(1);
  const text = group.locator(":scope > legend");
  await expect(text).toHaveText(legend);
  await expectReadable(text, legend);
}

for (const viewport of DESKTOP_AND_PHONE) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport });

    test("every filter control has a visible label that names it", async ({
      page,
      request,
      site,
    }) => {
      const { w, ref } = await openLoaded(page, request, site);
      await showIndustries(w);
      const fields: [string, Locator][] = [
        ["Search by description", w.text],
        ["Close date", w.date],
        ["Above", w.above],
        ["Below", w.below],
        ["Amount ($MM)", w.amount],
        ["Select all", w.selectAll],
        ...ref.groups.map((g): [string, Locator] => [g.title, w.industry(g.title)]),
      ];
      for (const [label, control] of fields) await expectVisiblyLabelled(w.form, label, control);
      for (const legend of ["Transaction size", "Industry group"])
        await expectVisibleLegend(w.form, legend);
    });

    test("Clear filters is on screen and resets the search from the keyboard", async ({
      page,
      request,
      site,
    }) => {
      const { w, ref } = await openLoaded(page, request, site);
      // Every filter set, from one deal so that the search finds it.
      const deal = ref.rows.find((row) => row.size !== null && row.groupId !== null)!;
      const search = {
        text: deal.text.split(" ").slice(0, 3).join(" "),
        date: deal.date,
        size: "below" as const,
        amount: deal.size! + 1,
        industries: [deal.groupTitle],
      };
      narrowing(ref, await expectSearch(w, ref, search), "the search");
      const params = new URL(page.url()).searchParams;
      expect([...new Set(params.keys())].sort()).toEqual([
        "amount",
        "date",
        "industry",
        "q",
        "size",
      ]);

      // Reached with Tab from the search button, as a keyboard user would, then pressed with Enter.
      await w.submit.focus();
      await page.keyboard.press("Tab");
      await expect(w.clear).toBeFocused();
      await expect(w.clear).toBeInViewport();
      await expect(w.clear).toHaveCSS("outline-style", "solid");
      await page.keyboard.press("Enter");
      await expectResults(w, ref.rows);
      await expect(w.text).toHaveValue("");
      await expect(w.date).toHaveValue("");
      await expect(w.amount).toHaveValue("");
      await expect(w.above).toBeChecked();
      for (const group of ref.groups) await expect(w.industry(group.title)).not.toBeChecked();
      expect(new URL(page.url()).search).toBe("");
    });
  });
}

test("the pager reaches every deal a search finds, page by page", async ({
  page,
  request,
  site,
}) => {
  const { w, ref } = await openLoaded(page, request, site);
  const groups = ref.groups.slice(2, 4).map((g) => g.title);
  const rows = await expectSearch(w, ref, { industries: groups });
  const pages = pagesFor(rows.length);
  // Several pages, few enough that the pager numbers each one (7 or fewer).
  expect(pages, "the search spans several pages").toBeGreaterThanOrEqual(3);
  expect(pages).toBeLessThanOrEqual(7);
  await expect(w.pager.getByRole("button", { name: /^Page \d+$/ })).toHaveCount(pages);

  const seen: string[][] = [];
  const previous = w.pager.getByRole("button", { name: "Previous" });
  const next = w.pager.getByRole("button", { name: "Next" });
  await expect(previous).toBeDisabled();
  for (let n = 1; n <= pages; n++) {
    await expect(w.pager.getByRole("button", { name: `Page ${n}` })).toHaveAttribute(
      "aria-current",
      "page",
    );
    await expect(w.count).toHaveText(countText(rows.length));
    seen.push(...(await shownCells(w.bodyRows)));
    if (n < pages) await next.click();
  }
  await expect(next).toBeDisabled();
  expect(seen).toEqual(rows.map((row) => row.cells));

  await w.pager.getByRole("button", { name: "Page 1" }).click();
  await expectResults(w, rows, 1);
  await expect(previous).toBeDisabled();
});
