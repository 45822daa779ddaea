import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Transaction } from "../../../content/transaction.ts";
import { TEST_SITE_URL, buildApiApp, get } from "../../../../tests/helpers/api-app.ts";

// 60 transactions, at most 25 in one reply.
let api: Awaited<ReturnType<typeof buildApiApp>>;
let T: Transaction[];
beforeAll(async () => {
  api = await buildApiApp({ env: { API_MAX_PAGE: "25" } });
  T = api.content.transactions;
});
afterAll(() => api.close());

/** The transactions as a reply without $select carries them: without the industries. */
const served = (rows: Transaction[]) =>
  rows.map(({ industries: _i, DealTeam: _team, ...rest }) => rest);

interface Page {
  value: Record<string, unknown>[];
  "@odata.count"?: number;
  "@odata.nextLink"?: string;
}

/** Reads a list by following its next links; returns every page. */
async function follow(path: string): Promise<Page[]> {
  const pages: Page[] = [];
  let next: string | undefined = path;
  while (next !== undefined) {
    const response = await get(api.app, next);
    expect(response.status, response.text).toBe(200);
    const page = response.body as Page;
    pages.push(page);
    const link = page["@odata.nextLink"];
    if (link !== undefined) expect(link.startsWith(`${TEST_SITE_URL}/api/default/`)).toBe(true);
    next = link?.slice(TEST_SITE_URL.length);
    expect(pages.length).toBeLessThan(10);
  }
  return pages;
}

describe("paging past API_MAX_PAGE", () => {
  it("cuts a list at the server maximum and links the rest", async () => {
    const pages = await follow("/api/default/transactions");
    expect(pages.map((p) => p.value.length)).toEqual([25, 25, 10]);
    expect(pages[0]?.["@odata.nextLink"]).toBe(
      `${TEST_SITE_URL}/api/default/transactions?$skip=25`,
    );
    expect(pages.flatMap((p) => p.value)).toEqual(served(T));
  });

  it("keeps $select=*,industries on every page, so each carries the industries", async () => {
    const pages = await follow("/api/default/transactions?$select=*,industries");
    expect(pages.map((p) => p.value.length)).toEqual([25, 25, 10]);
    expect(pages[0]?.["@odata.nextLink"]).toBe(
      `${TEST_SITE_URL}/api/default/transactions?$select=*%2Cindustries&$skip=25`,
    );
    expect(pages.flatMap((p) => p.value)).toEqual(T.map(({ DealTeam: _team, ...deal }) => deal));
  });

  it("keeps the filter, order, selection and count on every page", async () => {
    const query = "$filter=Size%20ne%20null&$orderby=Date%20desc&$select=Id,Date&$count=true";
    const pages = await follow(`/api/default/transactions?${query}`);
    const expected = T.filter((t) => t.Size !== null)
      .map((t, i) => ({ t, i }))
      .sort((a, b) => (a.t.Date === b.t.Date ? a.i - b.i : a.t.Date < b.t.Date ? 1 : -1))
      .map(({ t }) => ({ Id: t.Id, Date: t.Date }));
    expect(pages.length).toBeGreaterThan(1);
    expect(pages.flatMap((p) => p.value)).toEqual(expected);
    for (const page of pages) expect(page["@odata.count"]).toBe(expected.length);
  });

  it("serves a $top above the maximum in pages that add up to it", async () => {
    const pages = await follow("/api/default/transactions?$top=40&$skip=5");
    expect(pages.map((p) => p.value.length)).toEqual([25, 15]);
    expect(pages[0]?.["@odata.nextLink"]).toBe(
      `${TEST_SITE_URL}/api/default/transactions?$top=15&$skip=30`,
    );
    expect(pages.flatMap((p) => p.value)).toEqual(served(T.slice(5, 45)));
  });

  it.each([
    ["$top=20", 0, 20],
    ["$top=25", 0, 25],
    ["$skip=35", 35, 60],
    ["$skip=50", 50, 60],
  ])("links nothing when %s leaves nothing past the page", async (query, from, to) => {
    const { body } = await get(api.app, `/api/default/transactions?${query}`);
    expect(body["@odata.nextLink"]).toBeUndefined();
    expect(body.value).toEqual(served(T.slice(from, to)));
  });
});
