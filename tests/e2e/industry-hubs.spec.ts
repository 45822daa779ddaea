import type { APIRequestContext } from "@playwright/test";
import { createGroupResolver } from "../../src/rules/industry-groups.ts";
import { axeViolations, baseUrl, expect, test } from "./fixtures.ts";

// Industry hubs: one per top-level group, whose figures are the API's own deals of that group
// (a deal's group is its first industry's top-level ancestor, as the transactions widget has it).

interface Taxon {
  Id: string;
  Title: string;
  UrlName: string;
  ParentId: string;
  TaxonomyId: string;
  Ordinal?: number;
}
interface Deal {
  Id: string;
  Date: string;
  industries: string[];
}

async function apiGroups(request: APIRequestContext) {
  const get = async <T>(path: string) =>
    ((await (await request.get(`${baseUrl()}/api/default/${path}`)).json()) as { value: T[] })
      .value;
  const taxonomies = await get<{ Id: string; Name: string }>("taxonomies");
  const industries = taxonomies.find((t) => t.Name.toLowerCase() === "industries")!;
  const taxa = (await get<Taxon>("hierarchy-taxa")).filter((t) => t.TaxonomyId === industries.Id);
  const deals = await get<Deal>("transactions?$select=Id,Date,industries");
  const resolve = createGroupResolver(taxa.map((t) => ({ ...t, Ordinal: t.Ordinal ?? 0 })));
  const groups = taxa.filter((t) => resolve(t.Id)?.id === t.Id);
  return groups.map((g) => ({
    group: g,
    deals: deals.filter((d) => d.industries[0] && resolve(d.industries[0])?.id === g.Id),
  }));
}

test("every hub counts its group's deals as the API lists them, and its years add up to that count", async ({
  page,
  request,
}) => {
  const groups = await apiGroups(request);
  expect(groups.length).toBeGreaterThanOrEqual(8);
  await page.goto(`${baseUrl()}/industries`);
  for (const { group } of groups)
    await expect(
      page.getByRole("link", { name: group.Title, exact: true }).first(),
    ).toHaveAttribute("href", `/industries/${group.UrlName}`);
  for (const { group, deals } of groups) {
    await page.goto(`${baseUrl()}/industries/${group.UrlName}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(group.Title);
    await expect(page.locator('dt:text-is("Transactions completed") + dd')).toHaveText(
      deals.length.toLocaleString("en-US"),
    );
    const chart = page.getByRole("img", { name: "Transactions per year" });
    await expect(chart).toBeVisible();
    await page.getByText("The figures as a table").click();
    const counts = await page
      .getByRole("table")
      .locator("tbody td")
      .evaluateAll((cells) => cells.map((c) => Number(c.textContent)));
    expect(counts.reduce((a, b) => a + b, 0)).toBe(deals.length);
    const years = deals.map((d) => new Date(d.Date).getUTCFullYear());
    const first = await page.getByRole("table").locator("tbody th").first().textContent();
    expect(Number(first)).toBe(Math.min(...years));
    await expect(page.getByRole("link", { name: `See all ${deals.length} deals` })).toHaveAttribute(
      "href",
      `/transactions?industry=${group.UrlName}`,
    );
  }
});

test("a hub reads well to everyone: its chart's summary, its table, its people, and no axe violation", async ({
  page,
}) => {
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`${baseUrl()}/industries/healthcare`);
    await expect(
      page.getByRole("img", { name: "Transactions per year" }),
    ).toHaveAccessibleDescription(
      /^Healthcare transactions per year, \d{4} – \d{4}: \d+ in all, the most in \d{4} \(\d+\)\.$/,
    );
    await page.getByText("The figures as a table").click();
    await expect(page.getByRole("table", { name: "Transactions per year" })).toBeVisible();
    const people = page.getByRole("region", { name: "Healthcare bankers" });
    await expect(
      people.getByRole("link", { name: /@halvorsenridge\.com$/ }).first(),
    ).toHaveAttribute("href", /^mailto:/);
    expect(await axeViolations(page)).toEqual([]);
  }
});

test("hubs are in the navigation and the sitemap, and an unknown group is not found", async ({
  page,
  request,
}) => {
  const groups = await apiGroups(request);
  const sitemap = await (await request.get(`${baseUrl()}/sitemap.xml`)).text();
  for (const { group } of groups)
    expect(sitemap).toContain(`${baseUrl()}/industries/${group.UrlName}</loc>`);
  expect(sitemap.match(/\/industries\/healthcare<\/loc>/g)).toHaveLength(1);
  const response = await page.goto(`${baseUrl()}/industries/no-such-group`);
  expect(response?.status()).toBe(404);
  await page.goto(`${baseUrl()}/`);
  await expect(
    page.getByRole("navigation", { name: "Footer" }).getByRole("link", { name: "Healthcare" }),
  ).toHaveAttribute("href", "/industries/healthcare");
});
