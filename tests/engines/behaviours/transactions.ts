import {
  type ApiTaxon,
  type ApiTransaction,
  buildReference,
  countText,
  expectedRows,
  pageCells,
  type Reference,
  type RefRow,
  type Search,
} from "../../e2e/transactions-reference.ts";
import { DESCRIPTIONS_ELEMENT_ID } from "../../../src/widgets/historical-transactions/descriptions.ts";
import { apiList } from "../api-list.ts";
import { button, type EnginePage, field, shows, waitFor } from "../engine-page.ts";
import { BOTH, type Behaviour } from "../behaviour.ts";
import { hasText } from "../checks.ts";

// Historical Transactions (SPEC §2.7, §4, §5): each filter, select-all, sorting and paging,
// compared with what the e2e suite's plain reference computes from the API's own data.

const FORM = 'form[aria-label="Filter transactions"]';
const SUBMIT = button("Search Historical Transactions", FORM);

/** Opens /transactions, waits for every deal, and builds the reference from the API's data. */
async function openLoaded(page: EnginePage, site: string): Promise<Reference> {
  await page.open(`${site}/transactions`);
  const api = `${site}/api/default`;
  const [transactions, taxonomies, taxa] = await Promise.all([
    apiList<ApiTransaction>(`${api}/transactions?$select=*,industries&$orderby=Date desc`),
    apiList<{ Id: string; Name: string }>(`${api}/taxonomies`),
    apiList<ApiTaxon>(`${api}/hierarchy-taxa`),
  ]);
  const industriesId = taxonomies.find((t) => t.Name.toLowerCase() === "industries")?.Id;
  const descriptions = JSON.parse(
    await page.run(
      (id: string) => document.getElementById(id)?.textContent ?? "{}",
      DESCRIPTIONS_ELEMENT_ID,
    ),
  ) as Record<string, string>;
  const ref = buildReference({
    transactions,
    industries: taxa.filter((t) => t.TaxonomyId === industriesId),
    descriptions,
    dayOf: (iso) => new Date(iso).toISOString().slice(0, 10),
  });
  await hasText(page, ".ht-count", countText(ref.rows.length));
  return ref;
}

/** Waits until the count and the rows shown are those of `rows` (page `n`). */
async function expectRows(page: EnginePage, rows: RefRow[], n = 1) {
  await hasText(page, ".ht-count", countText(rows.length));
  await waitFor(
    page,
    `page ${n} of ${rows.length} results`,
    (expected: string) => {
      const shown = [...document.querySelectorAll<HTMLTableRowElement>(".ht-table tbody tr")].map(
        (tr) => [...tr.cells].map((td) => (td.textContent ?? "").replace(/\s+/g, " ").trim()),
      );
      return JSON.stringify(shown) === expected || `${shown.length} rows, first ${shown[0]}`;
    },
    JSON.stringify(pageCells(rows, n)),
  );
}

/** Asserts a search keeps some deals but not all, or it would prove nothing. */
function narrowing(ref: Reference, rows: RefRow[], what: string) {
  if (rows.length === 0 || rows.length === ref.rows.length)
    throw new Error(`${what} keeps ${rows.length} of ${ref.rows.length} deals: pick another`);
  return rows;
}

/** Clears the filters, sets those of `search` as a visitor does, and submits. */
async function search(page: EnginePage, ref: Reference, search: Search, typeDate?: string) {
  await page.press(button("Clear filters", FORM));
  await expectRows(page, ref.rows);
  if (search.text) {
    await page.press(field("Search by description", FORM));
    await page.type(search.text);
  }
  if (typeDate) {
    // Reached by Tab from the field before it, as a keyboard visitor does: a press lands on
    // whichever part of the date (month, day, year) is under the pointer, which depends on how
    // wide the layout draws the field.
    await page.press(field("Search by description", FORM));
    await page.key("Tab");
    await page.type(typeDate);
  }
  if (search.size) await page.press(field(search.size === "above" ? "Above" : "Below", FORM));
  if (search.amount !== undefined) {
    await page.press(field("Amount ($MM)", FORM));
    await page.type(String(search.amount));
  }
  if (search.industries?.length) await openGroups(page);
  for (const title of search.industries ?? []) await page.press(field(title, FORM));
  await page.press(SUBMIT);
  await expectRows(page, narrowing(ref, expectedRows(ref, search), JSON.stringify(search)));
}

/** The industry groups' toggle while their list is folded away. */
const FOLDED_GROUPS = { css: 'button[aria-expanded="false"]', within: ".ht-industries" };

/** Unfolds the industry groups' list, as a visitor does before ticking one. */
async function openGroups(page: EnginePage) {
  if (await shows(page, FOLDED_GROUPS)) await page.press(FOLDED_GROUPS);
}

/** The close date most deals share (so a date search finds several). */
function sharedDate(ref: Reference) {
  const counts = new Map<string, number>();
  for (const row of ref.rows) counts.set(row.date, (counts.get(row.date) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))[0]![0];
}

/** Waits until the industry boxes ("Select all" first) are ticked as `expected` says. */
function ticked(page: EnginePage, what: string, expected: "all" | "none" | "select-all") {
  return waitFor(
    page,
    what,
    (want: string) => {
      const boxes = [
        ...document.querySelectorAll<HTMLInputElement>(".ht-industries input[type=checkbox]"),
      ].map((box) => box.checked);
      const ok =
        want === "all"
          ? boxes.every(Boolean)
          : want === "none"
            ? !boxes.some(Boolean)
            : boxes[0] === true;
      return (boxes.length > 1 && ok) || JSON.stringify(boxes);
    },
    expected,
  );
}

export const transactions: Behaviour[] = [
  {
    name: "the description, close date and size filters find the deals that match",
    widths: BOTH,
    async run(page, site) {
      const ref = await openLoaded(page, site.url);
      // A word of the descriptions that some deals hold, but fewer than half.
      const words = new Set(
        ref.rows.flatMap((row) => row.text.toLowerCase().match(/[a-z]{6,}/g) ?? []),
      );
      const word = [...words].find((w) => {
        const n = expectedRows(ref, { text: w }).length;
        return n > 1 && n < ref.rows.length / 2;
      })!;
      await search(page, ref, { text: word.toUpperCase() });
      // Typed as a visitor of each engine can: WebKitGTK's field does not move on after the
      // month's digits, the separators work everywhere.
      const date = sharedDate(ref);
      const [year, month, day] = date.split("-");
      await search(page, ref, { date }, `${month}/${day}/${year}`);
      const sizes = ref.rows.flatMap((row) => (row.size === null ? [] : [row.size]));
      const amount = sizes.sort((a, b) => a - b)[Math.floor(sizes.length / 2)]!;
      await search(page, ref, { size: "below", amount });
      await search(page, ref, { size: "above", amount });
    },
  },
  {
    name: "the industry filter and its select-all box",
    widths: BOTH,
    async run(page, site) {
      const ref = await openLoaded(page, site.url);
      const groups = ref.groups.map((g) => g.title);
      await search(page, ref, { industries: groups.slice(0, 2) });
      await page.press(button("Clear filters", FORM));
      await openGroups(page);
      await page.press(field("Select all", FORM));
      await ticked(page, "Select all ticks every group", "all");
      await page.press(field("Select all", FORM));
      await ticked(page, "unticking Select all clears every group", "none");
      for (const title of groups) await page.press(field(title, FORM));
      await ticked(page, "Select all ticks itself once every group is ticked", "select-all");
    },
  },
  {
    name: "a column header sorts the table, and the pager shows the next page",
    widths: BOTH,
    async run(page, site) {
      const ref = await openLoaded(page, site.url);
      await page.press(button("Page 2", 'nav[aria-label="Results pages"]'));
      await expectRows(page, ref.rows, 2);
      await page.press(button("Client", ".ht-table"));
      const collate = (a: string, b: string) =>
        a.localeCompare(b, "en", { sensitivity: "base", numeric: true });
      const clients = ref.rows.map((row) => row.company).sort(collate);
      await waitFor(
        page,
        "sorted by client, A to Z, from page 1",
        (expected: string) => {
          const header = document.querySelector(".ht-table th[aria-sort]");
          const shown = [
            ...document.querySelectorAll<HTMLTableRowElement>(".ht-table tbody tr"),
          ].map((tr) => (tr.cells[1]?.textContent ?? "").trim());
          return (
            (header?.textContent?.includes("Client") &&
              header.getAttribute("aria-sort") === "ascending" &&
              JSON.stringify(shown) === expected) ||
            `${header?.textContent} ${header?.getAttribute("aria-sort")}: ${shown.slice(0, 3)}`
          );
        },
        JSON.stringify(clients.slice(0, 25)),
      );
    },
  },
];
