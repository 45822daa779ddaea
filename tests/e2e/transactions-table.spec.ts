import { axeViolations, DESKTOP_AND_PHONE, expect, test } from "./fixtures.ts";
import {
  countText,
  openLoaded,
  openWidget,
  pageCells,
  pageDescriptions,
  pagesFor,
  reference,
  type RefRow,
  searchFor,
  shownCells,
} from "./transactions-reference.ts";

// Historical Transactions on /transactions: what the table shows (dates in the visitor's time
// zone, sizes, description HTML) and its order when sorted by each column.

for (const timezoneId of ["America/Los_Angeles", "Pacific/Kiritimati"]) {
  test.describe(`in the ${timezoneId} time zone`, () => {
    test.use({ timezoneId });

    test("Close Date shows the API's calendar date as MM/DD/YYYY, not shifted by the zone", async ({
      page,
      request,
      site,
    }) => {
      const { w, ref } = await openLoaded(page, request, site);
      const shown = (await shownCells(w.bodyRows)).map((cells) => cells[0]);
      const api = ref.transactions.slice(0, shown.length).map((t) => {
        const [y, m, d] = t.Date.slice(0, 10).split("-");
        expect(t.Date).toMatch(/^\d{4}-\d{2}-\d{2}T00:00:00(\.0+)?Z$/);
        return `${m}/${d}/${y}`;
      });
      expect(shown).toEqual(api);

      // The zone is really in effect, and is one where naive date code slips a day: reading the
      // UTC midnight as a local date (zones behind UTC) or a local date as UTC (zones ahead).
      const sample = ref.rows.slice(0, 3).map((row) => row.date);
      const local = await page.evaluate(
        (days) => ({
          zone: Intl.DateTimeFormat().resolvedOptions().timeZone,
          utcAsLocal: days.map((day) => new Date(`${day}T00:00:00Z`).toLocaleDateString("sv")),
          localAsUtc: days.map((day) => {
            const [y, m, d] = day.split("-").map(Number);
            return new Date(y!, m! - 1, d).toISOString().slice(0, 10);
          }),
        }),
        sample,
      );
      expect(local.zone).toBe(timezoneId);
      expect(
        local.utcAsLocal.some((day, i) => day !== sample[i]) ||
          local.localAsUtc.some((day, i) => day !== sample[i]),
      ).toBe(true);

      // A date search in this zone finds the deals of that calendar day.
      const date = ref.rows[4]!.date;
      await w.date.fill(date);
      await w.submit.click();
      const sameDay = ref.rows.filter((row) => row.date === date);
      await expect(w.count).toHaveText(countText(sameDay.length));
      expect(await shownCells(w.bodyRows)).toEqual(sameDay.map((row) => row.cells));
    });
  });
}

test("sizes show in $MM with a decimal, or Undisclosed when the API has none", async ({
  page,
  request,
  site,
}) => {
  const { w, ref } = await openLoaded(page, request, site);
  const shown = await shownCells(w.bodyRows);
  expect(shown).toEqual(pageCells(ref.rows));
  const onPage = ref.rows.slice(0, shown.length);
  expect(onPage.some((row) => row.size === null)).toBe(true);
  onPage.forEach((row, i) => {
    if (row.size === null) expect(shown[i]![2]).toBe("Undisclosed");
    else expect(Number(shown[i]![2]!.replace(/,/g, ""))).toBe(row.size);
  });
});

test("descriptions show the page's HTML: the client in bold, links as links", async ({
  page,
  request,
  site,
}) => {
  // The demo's descriptions have no links: one gets one, in the page's descriptions table.
  await page.route(`${site}/transactions`, async (route) => {
    const response = await route.fetch();
    const body = (await response.text()).replace(
      '\\u003c/p>"',
      '; see \\u003ca href=\\"/about\\">the firm\\u003c/a>.\\u003c/p>"',
    );
    await route.fulfill({ response, body });
  });
  const w = await openWidget(page, site);
  const descriptions = await pageDescriptions(page);
  const ref = await reference(request, site, descriptions);
  await expect(w.count).toHaveText(countText(ref.rows.length));
  for (const [i, row] of ref.rows.slice(0, 25).entries()) {
    const cell = w.bodyRows.nth(i).getByRole("cell").nth(3);
    await expect(cell.locator("strong")).toHaveText(row.company);
    const html = descriptions[ref.transactions[i]!.Description]!;
    const href = /<a href="([^"]+)">([^<]+)<\/a>/.exec(html);
    if (href)
      await expect(cell.getByRole("link", { name: href[2] })).toHaveAttribute("href", href[1]!);
    else await expect(cell.getByRole("link")).toHaveCount(0);
  }
  // The description with the link, found by its client.
  const linked = ref.rows.find((row, i) =>
    /<a href="[^"]+">/.test(descriptions[ref.transactions[i]!.Description]!),
  );
  expect(linked, "some description has a link").toBeDefined();
  const html = descriptions[ref.transactions[ref.rows.indexOf(linked!)]!.Description]!;
  const [, href, text] = /<a href="([^"]+)">([^<]+)<\/a>/.exec(html)!;
  await searchFor(w, ref, { text: linked!.company });
  const row = w.bodyRows.filter({ hasText: linked!.text.slice(0, 40) }).first();
  const cell = row.getByRole("cell").nth(3);
  await expect(cell.getByRole("link", { name: text })).toHaveAttribute("href", href!);
  await expect(cell.locator("strong")).toHaveText(linked!.company);
});

type Column = { name: string; index: number; first: "ascending" | "descending" };
// Close Date last: it is the sort the table starts with, so a first click on it would flip it.
const COLUMNS: Column[] = [
  { name: "Client", index: 1, first: "ascending" },
  { name: "Size / $MM", index: 2, first: "descending" },
  { name: "Description", index: 3, first: "ascending" },
  { name: "Industry Group", index: 4, first: "ascending" },
  { name: "Close Date", index: 0, first: "descending" },
];

const collate = (a: string, b: string) =>
  a.localeCompare(b, "en", { sensitivity: "base", numeric: true });

/** Every row's value in a column, in the order the sort should give (empty and null last). */
function sortedColumn(rows: RefRow[], column: Column, direction: "ascending" | "descending") {
  const sign = direction === "ascending" ? 1 : -1;
  const key = (row: RefRow) => {
    const value = [row.date, row.company, row.size, row.text, row.groupTitle][column.index];
    return value === "" || value === undefined ? null : value;
  };
  return rows
    .map((row) => ({ cell: row.cells[column.index]!, value: key(row) }))
    .sort((a, b) => {
      if (a.value === null || b.value === null)
        return Number(a.value === null) - Number(b.value === null);
      if (typeof a.value === "number" && typeof b.value === "number")
        return sign * (a.value - b.value);
      return sign * collate(String(a.value), String(b.value));
    })
    .map(({ cell }) => cell);
}

test("each column header sorts the deals both ways and marks the column with aria-sort", async ({
  page,
  request,
  site,
}) => {
  const { w, ref } = await openLoaded(page, request, site);
  await expect(w.table.getByRole("columnheader", { name: "Close Date" })).toHaveAttribute(
    "aria-sort",
    "descending",
  );
  const lastPage = pagesFor(ref.rows.length);

  for (const column of COLUMNS) {
    const directions = [
      column.first,
      column.first === "ascending" ? "descending" : "ascending",
    ] as const;
    for (const direction of directions) {
      await w.table.getByRole("button", { name: column.name, exact: true }).click();
      await expect(w.table.getByRole("columnheader", { name: column.name })).toHaveAttribute(
        "aria-sort",
        direction,
      );
      await expect(w.table.locator("th[aria-sort]")).toHaveCount(1);
      const expected = sortedColumn(ref.rows, column, direction);
      const firstPage = async () =>
        (await shownCells(w.bodyRows)).map((cells) => cells[column.index]);
      await expect
        .poll(firstPage, `${column.name} ${direction}, page 1`)
        .toEqual(expected.slice(0, 25));
      if (column.name === "Size / $MM") {
        // Undisclosed sizes come last whichever way the sizes run.
        await w.pager.getByRole("button", { name: `Page ${lastPage}` }).click();
        await expect
          .poll(firstPage, `${column.name} ${direction}, last page`)
          .toEqual(expected.slice((lastPage - 1) * 25));
        expect(expected.at(-1)).toBe("Undisclosed");
      }
    }
  }
  const sort = new URL(page.url()).searchParams;
  expect([sort.get("sort"), sort.get("order")]).toEqual(["date", "asc"]);
});

for (const viewport of DESKTOP_AND_PHONE) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport });

    test("the table sorted by a column, either way, has no axe violations", async ({
      page,
      request,
      site,
    }) => {
      const { w, ref } = await openLoaded(page, request, site);
      const column = COLUMNS.find((c) => c.name === "Client")!;
      for (const direction of ["ascending", "descending"] as const) {
        await w.table.getByRole("button", { name: column.name, exact: true }).click();
        await expect(w.table.getByRole("columnheader", { name: column.name })).toHaveAttribute(
          "aria-sort",
          direction,
        );
        await expect
          .poll(async () => (await shownCells(w.bodyRows)).map((cells) => cells[column.index]))
          .toEqual(sortedColumn(ref.rows, column, direction).slice(0, 25));
        expect(await axeViolations(page), `axe sorted by ${column.name} ${direction}`).toEqual([]);
      }
    });
  });
}
