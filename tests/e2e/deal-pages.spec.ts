import type { Page } from "@playwright/test";
import {
  axeViolations,
  DESKTOP_AND_PHONE,
  demoContent,
  expect,
  gotoReady,
  test,
} from "./fixtures.ts";

// A page for every deal, /transactions/{UrlName}: what a tombstone shows, the share
// block, the tags search engines and sharing read, and the sitemap.

const { transactions, hierarchyTaxa, descriptions } = demoContent();
const newestFirst = transactions.toSorted((a, b) => b.Date.localeCompare(a.Date));
/** A deal whose first industry is a child industry, with its size disclosed. */
const deal = newestFirst.find((d) => {
  const first = hierarchyTaxa.find((t) => t.Id === d.industries[0]);
  return (
    d.Size !== null && d.Size < 1000 && first?.ParentId !== "00000000-0000-0000-0000-000000000000"
  );
})!;
const industry = hierarchyTaxa.find((t) => t.Id === deal.industries[0])!;
const group = hierarchyTaxa.find((t) => t.Id === industry.ParentId)!;
const undisclosed = newestFirst.find((d) => d.Size === null)!;
const longDate = (iso: string) =>
  new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeZone: "UTC" }).format(new Date(iso));
// The deal's own facts, not those of the related deals' tombstones further down.
const fact = (page: Page, term: string) =>
  page
    .locator("dl.deal__facts")
    .getByRole("term")
    .filter({ hasText: new RegExp(`^${term}$`) })
    .locator("+ dd");

test.describe("a deal's page", () => {
  test("shows the client, close date, size, counterparty, role, industry group, industry and announcement", async ({
    page,
  }) => {
    await gotoReady(page, `/transactions/${deal.UrlName}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(deal.Company);
    await expect(page).toHaveTitle(new RegExp(`^${deal.Company.replace(".", "\\.")}`));
    // The client is the page's title; no fact repeats it.
    await expect(fact(page, "Client")).toHaveCount(0);
    await expect(fact(page, "Counterparty")).toHaveText(deal.Counterparty!);
    await expect(fact(page, "Our role")).toHaveText(deal.Service!);
    await expect(fact(page, "Closed")).toHaveText(longDate(deal.Date));
    await expect(fact(page, "Size")).toHaveText(
      `$${deal.Size!.toLocaleString("en-US", { maximumFractionDigits: 1 })} million`,
    );
    await expect(fact(page, "Industry group")).toHaveText(group.Title);
    await expect(fact(page, "Industry")).toHaveText(industry.Title);
    const announcement = page.getByRole("region", { name: "About the transaction" });
    const text = descriptions[deal.Description]!.replace(/<[^>]+>/g, "").replace(/&amp;/g, "&");
    await expect(announcement).toContainText(text.slice(0, 60));
    await expect(announcement.locator("strong")).toHaveText(deal.Company);
  });

  test("says Undisclosed for a deal without a size", async ({ page }) => {
    await gotoReady(page, `/transactions/${undisclosed.UrlName}`);
    await expect(fact(page, "Size")).toHaveText("Undisclosed");
  });

  test("sits under Historical Transactions in the breadcrumbs, and can be shared", async ({
    page,
    site,
  }) => {
    await gotoReady(page, `/transactions/${deal.UrlName}`);
    const crumbs = page.getByRole("navigation", { name: "Breadcrumb" });
    await expect(crumbs.getByRole("link")).toHaveText(["Home", "Historical Transactions"]);
    await expect(crumbs.getByRole("link", { name: "Historical Transactions" })).toHaveAttribute(
      "href",
      "/transactions",
    );
    await expect(crumbs).toContainText(deal.Company);
    const url = `${site}/transactions/${deal.UrlName}`;
    await expect(page.getByRole("textbox", { name: "Link to this page" })).toHaveValue(url);
    await expect(page.getByRole("button", { name: "Copy link" })).toBeVisible();
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", url);
    await expect(page.locator('meta[property="og:url"]')).toHaveAttribute("content", url);
    await expect(page.locator('meta[property="og:title"]')).toHaveAttribute(
      "content",
      deal.Company,
    );
  });

  test("is found from the home page's recent transactions", async ({ page }) => {
    await gotoReady(page, "/");
    const recent = page.getByRole("region", { name: "Recent transactions" });
    await recent.getByRole("link", { name: newestFirst[0]!.Company }).click();
    await expect(page).toHaveURL(new RegExp(`/transactions/${newestFirst[0]!.UrlName}$`));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(newestFirst[0]!.Company);
  });

  test("is in the sitemap, as every deal is", async ({ request, site }) => {
    const xml = await (await request.get(`${site}/sitemap.xml`)).text();
    const deals = [...xml.matchAll(/<loc>[^<]*\/transactions\/([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(deals.toSorted()).toEqual(transactions.map((t) => t.UrlName).toSorted());
  });

  test("answers an unknown deal with the site's 404 page", async ({ page, site }) => {
    const response = await page.goto(`${site}/transactions/${deal.UrlName}-no-such-deal`);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(/not found/i);
  });
});

for (const viewport of DESKTOP_AND_PHONE) {
  test(`a deal's page has no accessibility violations at ${viewport.width} px`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    await gotoReady(page, `/transactions/${deal.UrlName}`);
    expect(await axeViolations(page)).toEqual([]);
  });
}
