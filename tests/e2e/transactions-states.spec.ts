import type { Page, Route } from "@playwright/test";
import { axeViolations, DESKTOP_AND_PHONE, expect, nextFrames, test } from "./fixtures.ts";
import { recordLayoutShifts } from "./layout-shift.ts";
import {
  countText,
  expectedRows,
  expectResults,
  pageDescriptions,
  pagesFor,
  reference,
  searchFor,
  typefacesLoaded,
  widget,
} from "./transactions-reference.ts";

// Historical Transactions on /transactions: loading, failures of the API (and recovery through
// "Try again"), no layout shift when the data arrives, and axe-core clean in every state.

const TRANSACTIONS = "**/api/default/transactions?*";

/** Holds the API's transactions until `release()` is called. */
async function holdTransactions(page: Page) {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  await page.route(TRANSACTIONS, async (route) => {
    await gate;
    await route.fallback();
  });
  return release;
}

test("Loading shows until the deals arrive, then the table replaces it", async ({ page, site }) => {
  const release = await holdTransactions(page);
  await page.goto(`${site}/transactions`);
  const w = widget(page);
  await expect(w.loading).toBeVisible();
  await expect(w.table).toHaveCount(0);
  await expect(w.form).toHaveCount(0);
  release();
  await expect(w.table).toBeVisible();
  await expect(w.loading).toHaveCount(0);
});

const FAULTS: {
  name: string;
  url?: string;
  fulfil: (route: Route) => Promise<void>;
  says: string;
}[] = [
  {
    name: "the connection fails",
    fulfil: (route) => route.abort("connectionrefused"),
    says: "The server could not be reached.",
  },
  {
    name: "the server answers 500 with an HTML page",
    fulfil: (route) =>
      route.fulfill({
        status: 500,
        contentType: "text/html",
        body: "<html><body><h1>Internal error</h1></body></html>",
      }),
    says: "The server sent an unreadable answer (HTTP 500).",
  },
  {
    name: "the body is malformed JSON",
    fulfil: (route) =>
      route.fulfill({ status: 200, contentType: "application/json", body: '{"value": [{"Id": ' }),
    says: "The server sent an unreadable answer (HTTP 200).",
  },
  {
    name: "the API reports an OData error",
    fulfil: (route) =>
      route.fulfill({
        status: 400,
        contentType: "application/json",
        body: JSON.stringify({
          error: { code: "BadRequest", message: "The query is not supported." },
        }),
      }),
    says: "The server reported an error: The query is not supported.",
  },
  {
    name: "the body is JSON of another shape",
    fulfil: (route) =>
      route.fulfill({ status: 200, contentType: "application/json", body: '{"value": 42}' }),
    says: "The server sent an answer in an unexpected shape.",
  },
  {
    name: "the taxonomies fail with a 503",
    url: "**/api/default/taxonomies?*",
    fulfil: (route) =>
      route.fulfill({ status: 503, contentType: "text/plain", body: "Service Unavailable" }),
    says: "The server sent an unreadable answer (HTTP 503).",
  },
];

for (const fault of FAULTS) {
  test(`an error with "Try again" shows when ${fault.name}, and the retry recovers`, async ({
    page,
    request,
    site,
  }) => {
    let calls = 0;
    await page.route(fault.url ?? TRANSACTIONS, (route) => {
      calls++;
      return fault.fulfil(route);
    });
    await page.goto(`${site}/transactions`);
    const w = widget(page);
    await expect(w.error).toBeVisible();
    await expect(w.error).toContainText(fault.says);
    await expect(w.error).not.toContainText("<");
    await expect(w.table).toHaveCount(0);

    // Still failing: the error comes back, the widget does not get stuck in Loading.
    await w.retry.click();
    await expect.poll(() => calls).toBe(2);
    await expect(w.error).toContainText(fault.says);

    await page.unrouteAll();
    await w.retry.click();
    const ref = await reference(request, site, await pageDescriptions(page));
    await expectResults(w, ref.rows);
    await expect(w.error).toHaveCount(0);
  });
}

test("a deal with missing or mistyped fields shows blanks and the rest of the list still works", async ({
  page,
  request,
  site,
}) => {
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  await page.route(TRANSACTIONS, async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as { value: Record<string, unknown>[] };
    Object.assign(body.value[0]!, { Date: null, Company: 42, Size: "12" });
    Object.assign(body.value[1]!, { Description: null, industries: null });
    await route.fulfill({ response, json: body });
  });
  await page.goto(`${site}/transactions`);
  const ref = await reference(request, site, await pageDescriptions(page));
  const w = widget(page);
  await expect(w.count).toHaveText(countText(ref.rows.length));
  const [first, second] = ref.rows;
  // The deal without a date sorts last; the next one, without description or industries, leads.
  await expect(w.bodyRows.first().getByRole("cell")).toHaveText([
    second!.cells[0]!,
    second!.company,
    second!.cells[2]!,
    "",
    "",
  ]);
  await w.pager.getByRole("button", { name: `Page ${pagesFor(ref.rows.length)}` }).click();
  await expect(w.bodyRows.last().getByRole("cell")).toHaveText([
    "",
    "",
    "Undisclosed",
    first!.text,
    first!.groupTitle,
  ]);
  const search = { industries: [ref.groups[0]!.title] };
  await searchFor(w, ref, search);
  await expect(w.count).toHaveText(
    countText(expectedRows(ref, search).filter((row) => row.id !== second!.id).length),
  );
  expect(errors).toEqual([]);
});

test("an API that never answers ends in an error within the client's 15 s timeout", async ({
  page,
  site,
}) => {
  test.setTimeout(45_000);
  await page.route(TRANSACTIONS, () => undefined);
  const started = Date.now();
  await page.goto(`${site}/transactions`);
  const w = widget(page);
  await expect(w.loading).toBeVisible();
  await expect(w.error).toBeVisible({ timeout: 20_000 });
  const waited = Date.now() - started;
  expect(waited).toBeGreaterThan(14_000);
  await expect(w.error).toContainText("The server took too long to answer.");
  await page.unrouteAll({ behavior: "ignoreErrors" });
  await w.retry.click();
  await expect(w.table).toBeVisible();
});

for (const viewport of DESKTOP_AND_PHONE) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport });

    test("the page has no axe violations while loading, loaded, searched, paged, empty or failed", async ({
      page,
      request,
      site,
    }) => {
      test.setTimeout(60_000);
      const check = async (state: string) =>
        expect(await axeViolations(page), `axe while ${state}`).toEqual([]);
      const release = await holdTransactions(page);
      await page.goto(`${site}/transactions`);
      const w = widget(page);
      await expect(w.loading).toBeVisible();
      await check("loading");
      release();
      const ref = await reference(request, site, await pageDescriptions(page));
      await expectResults(w, ref.rows);
      await check("loaded");

      const search = { text: "advised", industries: ref.groups.slice(0, 3).map((g) => g.title) };
      await searchFor(w, ref, search);
      await expectResults(w, expectedRows(ref, search));
      await check("filtered");
      await w.pager.getByRole("button", { name: "Page 2" }).click();
      await expectResults(w, expectedRows(ref, search), 2);
      await check("on page 2");
      await w.industry(ref.groups[4]!.title).check();
      await expect(w.selectAll).toBeChecked({ indeterminate: true });
      await check("select all mixed");

      await searchFor(w, ref, { text: "no deal says this zzz" });
      await expect(w.count).toHaveText(countText(0));
      await check("with no results");

      await page.route(TRANSACTIONS, (route) => route.fulfill({ status: 500, body: "oops" }));
      await page.reload();
      await expect(w.error).toBeVisible();
      await check("failed");
    });

    test("the page does not shift when the deals arrive", async ({ page, site }) => {
      const layoutShift = await recordLayoutShifts(page);
      // The deals arrive after the page has painted its Loading state in its typefaces: what
      // moved before (the banner's heading, as its typeface arrives) is not theirs to count.
      const release = await holdTransactions(page);
      await page.goto(`${site}/transactions`);
      const w = widget(page);
      await expect(w.loading).toBeVisible();
      await typefacesLoaded(page);
      await layoutShift.restart();
      release();
      await expect(w.table).toBeVisible();
      await nextFrames(page); // what the table's first frame shifted is recorded by now
      expect(await layoutShift.total()).toBe(0);
    });
  });
}
