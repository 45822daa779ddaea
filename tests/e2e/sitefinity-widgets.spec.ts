import type { Browser, Page } from "@playwright/test";
import { generateContent } from "../../src/db/demo/generate.ts";
import { serveHostPage } from "../../tools/host-page.ts";
import { expect, test } from "./fixtures.ts";
import {
  DEALS_SET,
  INDUSTRIES_FIELD,
  PAGE_SIZE,
  PRIVATE_ROUTE,
  SERVICE_ROUTE,
  sitefinitySets,
  startSitefinityService,
  TIME_ZONE,
  type SitefinityService,
} from "../../tools/sitefinity-service.ts";
import {
  buildReference,
  expectedRows,
  expectResults,
  searchFor,
  widget,
  type ApiTaxon,
  type ApiTransaction,
  type Search,
} from "./transactions-reference.ts";

// Both widgets on a page of a third origin, configured only by their placeholders' data
// attributes, reading a Sitefinity-shaped web service on a second origin, with
// /embed.js from the site: the seed behaviours hold as they do against our own API.

const content = generateContent({ transactions: 130, articles: 12, seed: 11 });
const sets = sitefinitySets(content);
const taxonomies = sets.taxonomies as unknown as { Id: string; Name: string }[];
const industriesId = taxonomies.find((t) => t.Name === "Industries")!.Id;
const tagsId = taxonomies.find((t) => t.Name === "Tags")!.Id;

/** Milliseconds of a Sitefinity date-time (JavaScript reads at most 3 fractional digits). */
const instant = (date: string) => Date.parse(date.replace(/(\.\d{3})\d*Z$/, "$1Z"));

// The deals newest first, as the service orders them; each one's close date is the day the
// London editor picked, which is the UTC date part of the content's own (midnight UTC) date.
const pickedDay = new Map(content.transactions.map((t) => [t.Id, t.Date.slice(0, 10)]));
const deals = (sets[DEALS_SET] as Record<string, unknown>[])
  .map((deal) => ({
    ...(deal as unknown as ApiTransaction),
    industries: deal[INDUSTRIES_FIELD] as string[],
  }))
  .sort((a, b) => instant(b.Date) - instant(a.Date));
const dayOfDate = new Map(deals.map((d) => [d.Date, pickedDay.get(d.Id)!]));
const ref = buildReference({
  transactions: deals,
  industries: (sets["hierarchy-taxa"] as unknown as ApiTaxon[]).filter(
    (t) => t.TaxonomyId === industriesId,
  ),
  descriptions: content.descriptions,
  dayOf: (date) => dayOfDate.get(date) ?? "",
});

/** Where the firm's Sitefinity site shows a deal (the placeholder's data-deal-url). */
const DEAL_PAGES = "https://firm.example/our-deals";

const placeholders = (api: string) => `
  <div id="historicaltransactions" data-api-base="${api}" data-transactions-set="${DEALS_SET}"
    data-industries-taxonomy="Industries" data-industries-field="${INDUSTRIES_FIELD}"
    data-time-zone="${TIME_ZONE}" data-deal-url="${DEAL_PAGES}/{UrlName}"></div>
  <div id="topicsearch" data-api-base="${api}" data-tags-taxonomy="tags"></div>`;

const hostPage = (site: string, api: string) => `<!doctype html>
<html lang="en">
  <head><meta charset="utf-8"><title>The firm on Sitefinity</title></head>
  <body>
    <main><h1>Our work</h1>${placeholders(api)}</main>
    <script type="application/json" id="historicaltransactions-descriptions">${JSON.stringify(
      content.descriptions,
    ).replace(/</g, "\\u003c")}</script>
    <script type="module" src="${site}/embed.js"></script>
  </body>
</html>`;

let service: SitefinityService;
let hostOrigins: string[] = [];

test.beforeAll(async () => {
  service = await startSitefinityService(content, { allowedOrigins: () => hostOrigins });
});
test.afterAll(() => service.close());

/** Opens a host page (a third origin) whose widgets read `api`; the service allows its origin. */
async function openHost(browser: Browser, site: string, api: string) {
  const host = await serveHostPage(hostPage(site, api));
  hostOrigins = [new URL(host.url).origin];
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const consoleErrors: string[] = [];
  page.on("console", (m) => {
    if (m.type() === "error") consoleErrors.push(m.text());
  });
  await page.goto(host.url);
  return {
    page,
    consoleErrors,
    close: async () => {
      await context.close();
      await host.close();
    },
  };
}

const firmApi = () => `${service.origin}${SERVICE_ROUTE}`;

test.describe("against a Sitefinity-shaped web service, configured by data attributes", () => {
  let page: Page;
  let close: () => Promise<void>;

  test.beforeAll(async ({ browser, site }) => {
    ({ page, close } = await openHost(browser, site, firmApi()));
  });
  test.afterAll(() => close());

  test("Historical Transactions lists every deal, through the service's pages, with its columns", async () => {
    expect(ref.rows.length).toBeGreaterThan(2 * PAGE_SIZE);
    const w = widget(page);
    await expectResults(w, ref.rows);
    await expect(w.table.getByRole("columnheader")).toHaveText([
      /Close Date/,
      /Client/,
      /Size \/ \$MM/,
      /Description/,
      /Industry Group/,
    ]);
    expect(
      ref.rows.every((row) => row.groupTitle !== ""),
      "every deal has a group",
    ).toBe(true);
    // Every call named its fields, the classification field included, and followed the pages.
    const calls = service.requests.filter((r) => r.includes(`/${DEALS_SET}?`));
    expect(calls[0]).toContain(
      `$select=Id,Date,Company,Size,Description,UrlName,${INDUSTRIES_FIELD}`,
    );
    // data-deal-url: each client links to its deal's page on the firm's site.
    const newest = deals[0]!;
    const client = w.bodyRows.first().getByRole("cell").nth(1);
    await expect(client.getByRole("link", { name: newest.Company })).toHaveAttribute(
      "href",
      `${DEAL_PAGES}/${encodeURIComponent((newest as unknown as { UrlName: string }).UrlName)}`,
    );
    expect(calls.filter((r) => r.includes("$skip="))).toHaveLength(
      Math.ceil(ref.rows.length / PAGE_SIZE) - 1,
    );
  });

  test("shows each close date as the day picked in the configured zone, and finds it by that day", async () => {
    const w = widget(page);
    // A deal closed in British summer time: stored as 23:00 UTC the evening before.
    const summer = ref.rows.find((row) => {
      const stored = ref.transactions.find((t) => t.Id === row.id)!.Date;
      return stored.slice(0, 10) !== row.date;
    });
    expect(summer, "a deal whose UTC date differs from its London day").toBeDefined();
    const onThatDay = expectedRows(ref, { date: summer!.date });
    await searchFor(w, ref, { date: summer!.date });
    await expectResults(w, onThatDay);
    expect(onThatDay.map((row) => row.id)).toContain(summer!.id);
  });

  const searches: [string, Search | (() => Search)][] = [
    // A client's first name: in its own description and a few others, not in most.
    ["the description text", () => ({ text: ref.rows[3]!.company.split(" ")[0]!.toUpperCase() })],
    ["a size above an amount", { size: "above", amount: 250 }],
    ["a size below an amount", { size: "below", amount: 25 }],
    ["one industry group", () => ({ industries: [ref.groups[1]!.title] })],
    ["two industry groups", () => ({ industries: ref.groups.slice(2, 4).map((g) => g.title) })],
    [
      "text, amount and a group together",
      () => ({ text: "advised", size: "above", amount: 10, industries: [ref.groups[0]!.title] }),
    ],
  ];
  for (const [name, search] of searches) {
    test(`filters by ${name}`, async () => {
      const w = widget(page);
      const asked = typeof search === "function" ? search() : search;
      const rows = expectedRows(ref, asked);
      expect(rows.length, `${name} finds some deals`).toBeGreaterThan(0);
      expect(rows.length, `${name} leaves some out`).toBeLessThan(ref.rows.length);
      await searchFor(w, ref, asked);
      await expectResults(w, rows);
    });
  }

  test("Select all ticks every industry group and keeps every deal", async () => {
    const w = widget(page);
    await searchFor(w, ref, {});
    await w.selectAll.check();
    for (const group of ref.groups) await expect(w.industry(group.title)).toBeChecked();
    await w.submit.click();
    await expectResults(w, ref.rows);
    await w.industry(ref.groups[0]!.title).uncheck();
    await expect(w.selectAll).not.toBeChecked();
    expect(await w.selectAll.evaluate((box) => (box as HTMLInputElement).indeterminate)).toBe(true);
  });

  test("Topics A – Z offers the Tags taxonomy's topics by letter, linked to the firm's topic pages", async () => {
    const topics = content.flatTaxa
      .filter((t) => t.TaxonomyId === tagsId)
      .sort((a, b) => a.Name.localeCompare(b.Name, "en", { sensitivity: "base" }));
    const initial = (title: string) =>
      title.normalize("NFD").replace(/\p{M}/gu, "").charAt(0).toLowerCase();
    const letter = [..."abcdefghijklmnopqrstuvwxyz"].find(
      (l) => topics.filter((t) => initial(t.Title) === l).length > 1,
    )!;
    const expected = topics.filter((t) => initial(t.Title) === letter);
    const region = page.getByRole("region", { name: "Topics A - Z" });
    await region.getByRole("button", { name: letter.toUpperCase(), exact: true }).click();
    const links = region.getByRole("list").getByRole("link");
    await expect(links).toHaveText(expected.map((t) => t.Title));
    const hrefs = await links.evaluateAll((as) => as.map((a) => (a as HTMLAnchorElement).href));
    expect(hrefs).toEqual(
      expected.map(
        (t) =>
          `${service.origin}/latest-articles-commentary/featured-articles-commentary/all-articles-and-commentary/-in-tags/tags/${encodeURIComponent(t.UrlName)}`,
      ),
    );
    const calls = service.requests.filter((r) => r.includes("/flat-taxa?"));
    expect(calls[0]).toContain(`$filter=TaxonomyId eq ${tagsId}`);
  });
});

test("both widgets say the web service refused anonymous access, with Try again and the cause in the console", async ({
  browser,
  site,
}) => {
  const { page, consoleErrors, close } = await openHost(
    browser,
    site,
    `${service.origin}${PRIVATE_ROUTE}`,
  );
  try {
    const transactions = page.getByRole("region", { name: "Historical transactions" });
    await expect(transactions.getByRole("alert")).toContainText(
      "The web service refused anonymous access.",
    );
    await expect(transactions.getByRole("button", { name: "Try again" })).toBeVisible();
    const topics = page.getByRole("region", { name: "Topics A - Z" });
    await expect(topics.getByRole("alert")).toContainText(
      "The web service refused anonymous access.",
    );
    await expect(topics.getByRole("button", { name: "Try again" })).toBeVisible();
    await expect
      .poll(() =>
        consoleErrors.filter((e) =>
          /answered 401: the web service refused anonymous access/.test(e),
        ),
      )
      .toHaveLength(2);
  } finally {
    await close();
  }
});

test("a blocked cross-origin call shows the error with its cause, and Try again recovers once allowed", async ({
  browser,
  site,
}) => {
  const { page, consoleErrors, close } = await openHost(browser, site, firmApi());
  try {
    // The service does not list the page's origin yet.
    hostOrigins = [];
    await page.reload();
    const region = page.getByRole("region", { name: "Topics A - Z" });
    await expect(region.getByRole("alert")).toContainText("The server could not be reached.");
    expect(consoleErrors.some((e) => /CORS/.test(e))).toBe(true);
    hostOrigins = [new URL(page.url()).origin];
    await region.getByRole("button", { name: "Try again" }).click();
    await expect(region.getByRole("toolbar", { name: "Topics by letter" })).toBeVisible();
  } finally {
    await close();
  }
});
