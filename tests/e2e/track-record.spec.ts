import type { APIRequestContext } from "@playwright/test";
import { axeViolations, baseUrl, demoContent, expect, test } from "./fixtures.ts";

// The track record as firms show it: a deal's page names the other side and the firm's role and
// leads on to its hub, its service and its nearest deals; service pages show their deals. Each
// figure is checked against the API's own deals.

interface ApiDeal {
  Id: string;
  UrlName: string;
  Company: string;
  Date: string;
  Counterparty: string | null;
  Service: string | null;
  industries: string[];
}

const { site, hierarchyTaxa } = demoContent();
const ROOT = "00000000-0000-0000-0000-000000000000";
const groupOf = (industryId: string | undefined) => {
  let taxon = hierarchyTaxa.find((t) => t.Id === industryId);
  while (taxon && taxon.ParentId !== ROOT)
    taxon = hierarchyTaxa.find((t) => t.Id === taxon!.ParentId);
  return taxon ?? null;
};

async function apiDeals(request: APIRequestContext): Promise<ApiDeal[]> {
  const select = "Id,UrlName,Company,Date,Counterparty,Service,industries";
  const response = await request.get(
    `${baseUrl()}/api/default/transactions?$select=${select}&$orderby=Date desc`,
  );
  return ((await response.json()) as { value: ApiDeal[] }).value;
}

test("a deal's page shows its tombstone, leads to its hub and service, and lists its nearest deals of the group", async ({
  page,
  request,
}) => {
  const deals = await apiDeals(request);
  const deal = deals.find((d) => d.Counterparty && d.Service && groupOf(d.industries[0]))!;
  const group = groupOf(deal.industries[0])!;
  await page.goto(`${baseUrl()}/transactions/${deal.UrlName}`);
  const tombstone = page.locator(".deal__aside article.tombstone");
  await expect(tombstone.getByRole("heading", { level: 2 })).toHaveText(deal.Company);
  await expect(tombstone).toContainText(deal.Counterparty!);
  await expect(tombstone.getByRole("link", { name: group.Title })).toHaveAttribute(
    "href",
    `/industries/${group.UrlName}`,
  );
  const servicePage = site.pages.find((p) => p.title === deal.Service)!;
  await expect(page.getByRole("link", { name: `Our ${deal.Service} work` })).toHaveAttribute(
    "href",
    servicePage.path,
  );
  // Related: the same group, nearest in close date, itself left out.
  const distance = (d: ApiDeal) => Math.abs(Date.parse(d.Date) - Date.parse(deal.Date));
  const sameGroup = deals.filter(
    (d) => d.Id !== deal.Id && groupOf(d.industries[0])?.Id === group.Id,
  );
  const nearest = sameGroup.toSorted((a, b) => distance(a) - distance(b)).slice(0, 4);
  const related = page.getByRole("region", { name: "Related transactions" });
  const shown = await related.getByRole("heading", { level: 3 }).allTextContents();
  expect(shown).toHaveLength(nearest.length);
  const furthest = Math.max(...nearest.map(distance));
  for (const company of shown) {
    const other = sameGroup.find((d) => d.Company === company.trim())!;
    expect(other, company).toBeDefined();
    expect(distance(other)).toBeLessThanOrEqual(furthest);
  }
  const jsonLd = JSON.parse(
    (await page.locator('script[type="application/ld+json"]').textContent()) ?? "",
  ) as { "@graph": { about?: { name: string }; mentions?: { name: string } }[] };
  expect(jsonLd["@graph"][0]!.about?.name).toBe(deal.Company);
  expect(jsonLd["@graph"][0]!.mentions?.name).toBe(deal.Counterparty);
  expect(await axeViolations(page)).toEqual([]);
});

test("a service page counts that service's deals as the API does and shows the latest, all of them a link away", async ({
  page,
  request,
}) => {
  const deals = await apiDeals(request);
  for (const service of site.pages.filter((p) => /^\/services\/[^/]+$/.test(p.path))) {
    const ofService = deals.filter((d) => d.Service === service.title);
    await page.goto(`${baseUrl()}${service.path}`);
    if (ofService.length === 0) {
      await expect(page.getByText(/transactions$/)).toHaveCount(0);
      continue;
    }
    const region = page.getByRole("region", {
      name: `${ofService.length} ${service.title} transactions`,
    });
    await expect(region.getByRole("heading", { level: 3 })).toHaveText(
      ofService.slice(0, 6).map((d) => d.Company),
    );
    await region.getByRole("link", { name: `See all ${ofService.length}` }).click();
    await expect(page).toHaveURL(new RegExp(`${service.path}/transactions$`));
    await expect(page.getByRole("status")).toContainText(`${ofService.length} transactions`);
    await expect(page.getByRole("heading", { level: 2 }).first()).toHaveText(ofService[0]!.Company);
  }
  const response = await page.goto(`${baseUrl()}/services/no-such-service/transactions`);
  expect(response?.status()).toBe(404);
});
