import type { APIRequestContext, Locator, Page } from "@playwright/test";
import { expect, nextFrames } from "./fixtures.ts";

// A small, plain reference for the Historical Transactions e2e specs: the API's own data turned
// into the rows a visitor should see, written apart from the widget's code so the
// specs compare the widget with an independent expectation. Also the widget's controls by role.

const ROOT = "00000000-0000-0000-0000-000000000000";
const PAGE_SIZE = 25;

export interface ApiTransaction {
  Id: string;
  Date: string;
  Company: string;
  Size: number | null;
  Description: string;
  industries: string[];
}
export interface ApiTaxon {
  Id: string;
  Title: string;
  UrlName: string;
  ParentId: string;
  TaxonomyId: string;
  Ordinal: number;
}

/** One transaction as the table should show it, plus what the filters compare. */
export interface RefRow {
  id: string;
  /** YYYY-MM-DD, the calendar day of the API's Date in the content's time zone. */
  date: string;
  company: string;
  size: number | null;
  /** Visible text of the description (or the key when the page has no HTML for it). */
  text: string;
  groupId: string | null;
  groupTitle: string;
  /** The five cells as shown: MM/DD/YYYY, client, size, description, industry group. */
  cells: string[];
}

export interface Reference {
  rows: RefRow[];
  /** Top-level industries in the checklist's order; `urlName` names them in the address. */
  groups: { id: string; title: string; urlName: string }[];
  /** The API's transactions as sent, newest first. */
  transactions: ApiTransaction[];
}

export interface Search {
  text?: string;
  date?: string;
  size?: "above" | "below";
  amount?: number;
  /** Group titles. */
  industries?: string[];
}

async function list<T>(request: APIRequestContext, url: string): Promise<T[]> {
  const response = await request.get(url);
  expect(response.status(), url).toBe(200);
  const body = (await response.json()) as { value: T[]; "@odata.nextLink"?: string };
  expect(body["@odata.nextLink"], `${url} fits in one page`).toBeUndefined();
  return body.value;
}

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', nbsp: " " };

/** The visible text of description HTML: scripts and tags dropped, entities decoded, spaces folded. */
export function visibleText(html: string): string {
  const text = html
    .replace(/<(script|style)\b[\s\S]*?<\/\1>/gi, "")
    .replace(/<[^>]*>/g, "")
    .replace(/&#(\d+);/g, (_, n: string) => String.fromCodePoint(Number(n)))
    .replace(/&([a-z]+);/g, (whole, name: string) => ENTITIES[name] ?? whole);
  if (/&[a-z]+;/.test(text)) throw new Error(`reference cannot decode an entity in ${html}`);
  return text.replace(/\s+/g, " ").trim();
}

const utcDay = (iso: string) => new Date(iso).toISOString().slice(0, 10);
const usDate = (day: string) => `${day.slice(5, 7)}/${day.slice(8, 10)}/${day.slice(0, 4)}`;
const sizeText = (size: number | null) =>
  size === null
    ? "Undisclosed"
    : size.toLocaleString("en-US", { minimumFractionDigits: 1, maximumFractionDigits: 2 });

/** The descriptions table the page embeds for the widget. */
export async function pageDescriptions(page: Page): Promise<Record<string, string>> {
  const json = await page.locator("#historicaltransactions-descriptions").textContent();
  return JSON.parse(json ?? "{}") as Record<string, string>;
}

/** What a reference is built from: the deals, the industry taxa and how a close date is a day. */
export interface ReferenceInput {
  transactions: ApiTransaction[];
  /** The industries taxonomy's taxa. */
  industries: ApiTaxon[];
  descriptions: Record<string, string>;
  /** The calendar day (`YYYY-MM-DD`) a deal's Date stands for. */
  dayOf: (date: string) => string;
}

/** The rows a visitor should see, and the groups of the checklist, from plain data. */
export function buildReference({
  transactions,
  industries,
  descriptions,
  dayOf,
}: ReferenceInput): Reference {
  const byId = new Map(industries.map((t) => [t.Id, t]));
  const topOf = (id: string | undefined) => {
    let taxon = id === undefined ? undefined : byId.get(id);
    for (let hops = 0; taxon && taxon.ParentId !== ROOT && hops < 50; hops++)
      taxon = byId.get(taxon.ParentId);
    return taxon?.ParentId === ROOT ? taxon : undefined;
  };
  const rows = transactions.map((t): RefRow => {
    const html = Object.hasOwn(descriptions, t.Description) ? descriptions[t.Description] : null;
    const text = typeof html === "string" ? visibleText(html) : t.Description;
    const group = topOf(t.industries[0]);
    const date = dayOf(t.Date);
    const groupTitle = group?.Title ?? "";
    return {
      id: t.Id,
      date,
      company: t.Company,
      size: t.Size,
      text,
      groupId: group?.Id ?? null,
      groupTitle,
      cells: [usDate(date), t.Company, sizeText(t.Size), text, groupTitle],
    };
  });
  const groups = industries
    .filter((t) => t.ParentId === ROOT)
    .sort((a, b) => a.Ordinal - b.Ordinal)
    .map((t) => ({ id: t.Id, title: t.Title, urlName: t.UrlName }));
  return { rows, groups, transactions };
}

/** The API's transactions and industries (fetched now), joined with the page's descriptions. */
export async function reference(
  request: APIRequestContext,
  site: string,
  descriptions: Record<string, string>,
): Promise<Reference> {
  const api = `${site}/api/default`;
  const [transactions, taxonomies, taxa] = await Promise.all([
    // A classification field comes only when $select names it, as in Sitefinity.
    list<ApiTransaction>(request, `${api}/transactions?$select=*,industries&$orderby=Date desc`),
    list<{ Id: string; Name: string }>(request, `${api}/taxonomies`),
    list<ApiTaxon>(request, `${api}/hierarchy-taxa`),
  ]);
  // Found by Name without regard to case, as the widget finds it ("Industries" once synced).
  const industriesId = taxonomies.find((t) => t.Name.toLowerCase() === "industries")?.Id;
  const industries = taxa.filter((t) => t.TaxonomyId === industriesId);
  // The site's content is in UTC: a deal's day is the UTC date part of its instant.
  return buildReference({ transactions, industries, descriptions, dayOf: utcDay });
}

/** The rows a search should find, in the API's order (newest first). */
export function expectedRows(ref: Reference, search: Search): RefRow[] {
  const text = (search.text ?? "").replace(/\s+/g, " ").trim().toLowerCase();
  const groupIds = new Set(
    (search.industries ?? []).map((title) => ref.groups.find((g) => g.title === title)?.id),
  );
  return ref.rows.filter(
    (row) =>
      (text === "" || row.text.toLowerCase().includes(text)) &&
      (search.date === undefined || row.date === search.date) &&
      (search.amount === undefined ||
        (row.size !== null &&
          (search.size === "below" ? row.size < search.amount : row.size > search.amount))) &&
      (groupIds.size === 0 || (row.groupId !== null && groupIds.has(row.groupId))),
  );
}

/** The result count as the live region words it. */
export function countText(n: number): string {
  if (n === 0) return "This search returned no results.";
  return `${n.toLocaleString("en-US")} ${n === 1 ? "result" : "results"}`;
}

/** The cells of the rows on page `n` (from 1) of these results. */
export const pageCells = (rows: RefRow[], n = 1) =>
  rows.slice((n - 1) * PAGE_SIZE, n * PAGE_SIZE).map((row) => row.cells);

export const pagesFor = (count: number) => Math.max(1, Math.ceil(count / PAGE_SIZE));

/** The widget's controls, found by role and accessible name. */
export function widget(page: Page) {
  const form = page.getByRole("search", { name: "Filter transactions" });
  const results = page.getByRole("region", { name: "Results" });
  const table = results.getByRole("table", { name: "Historical transactions" });
  return {
    form,
    text: form.getByRole("textbox", { name: "Search by description" }),
    date: form.getByLabel("Close date"),
    above: form.getByRole("radio", { name: "Above" }),
    below: form.getByRole("radio", { name: "Below" }),
    amount: form.getByRole("spinbutton", { name: "Amount ($MM)" }),
    industries: form.getByRole("group", { name: "Industry group" }),
    /** Shows and hides the groups' check boxes, and says how many are ticked. */
    industriesToggle: form.getByRole("group", { name: "Industry group" }).getByRole("button"),
    industry: (title: string) => form.getByRole("checkbox", { name: title, exact: true }),
    selectAll: form.getByRole("checkbox", { name: "Select all" }),
    submit: form.getByRole("button", { name: "Search Historical Transactions" }),
    clear: form.getByRole("button", { name: "Clear filters" }),
    results,
    // The first status of the results; the second announces page and sort changes.
    count: results.getByRole("status").first(),
    announcement: results.getByRole("status").nth(1),
    table,
    bodyRows: table.getByRole("rowgroup").nth(1).getByRole("row"),
    pager: results.getByRole("navigation", { name: "Results pages" }),
    loading: page.getByRole("status").filter({ hasText: "Loading" }),
    error: page.getByRole("alert").filter({ hasText: "The transactions could not be loaded." }),
    retry: page.getByRole("button", { name: "Try again" }),
  };
}
export type Widget = ReturnType<typeof widget>;

/** The cells of the table's body rows, white space folded. */
export function shownCells(rows: Locator): Promise<string[][]> {
  return rows.evaluateAll((trs) =>
    trs.map((tr) =>
      [...(tr as HTMLTableRowElement).cells].map((td) =>
        (td.textContent ?? "").replace(/\s+/g, " ").trim(),
      ),
    ),
  );
}

/** Opens the industry groups' check boxes, if they are collapsed. */
export async function showIndustries(w: Widget): Promise<void> {
  if ((await w.industriesToggle.getAttribute("aria-expanded")) === "false")
    await w.industriesToggle.click();
  await expect(w.industriesToggle).toHaveAttribute("aria-expanded", "true");
}

/** Sets every field of the form to `search` (unset fields cleared), then submits. */
export async function searchFor(w: Widget, ref: Reference, search: Search): Promise<void> {
  await showIndustries(w);
  await w.text.fill(search.text ?? "");
  await w.date.fill(search.date ?? "");
  await (search.size === "below" ? w.below : w.above).check();
  await w.amount.fill(search.amount === undefined ? "" : String(search.amount));
  for (const group of ref.groups) {
    await w.industry(group.title).setChecked((search.industries ?? []).includes(group.title));
  }
  await w.submit.click();
}

/** Asserts the count and the first page (or page `n`, already shown) of a search's results. */
export async function expectResults(w: Widget, rows: RefRow[], n = 1): Promise<void> {
  await expect(w.count).toHaveText(countText(rows.length));
  await expect.poll(() => shownCells(w.bodyRows)).toEqual(pageCells(rows, n));
}

/**
 * Opens /transactions with no search (`query` may carry other parameters), reads the reference
 * data, and waits until the widget counts every deal: the starting point of most tests.
 */
export async function openLoaded(page: Page, request: APIRequestContext, site: string, query = "") {
  const w = await openWidget(page, site, query);
  const ref = await reference(request, site, await pageDescriptions(page));
  await expect(w.count).toHaveText(countText(ref.rows.length));
  return { w, ref };
}

/** Opens /transactions (with an optional query string) and waits for the table. */
export async function openWidget(page: Page, site: string, query = ""): Promise<Widget> {
  await page.goto(`${site}/transactions${query}`);
  const w = widget(page);
  await expect(w.form).toBeVisible();
  return w;
}

/**
 * Resolves once the brand's two typefaces have loaded and the page has drawn with them: the
 * banner's heading moves as its typeface arrives, which is none of the widget's doing.
 */
export async function typefacesLoaded(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const style = getComputedStyle(document.documentElement);
    // The first family of each: the fallbacks are local faces a machine may not have.
    const faces = ["--font-sans", "--font-serif"].map(
      (token) => style.getPropertyValue(token).split(",")[0]!,
    );
    await Promise.all(faces.map((family) => document.fonts.load(`1em ${family}`)));
    await document.fonts.ready;
  });
  await nextFrames(page);
}
