import {
  axeViolations,
  DESKTOP_AND_PHONE,
  demoContent,
  expect,
  gotoReady,
  test,
} from "./fixtures.ts";
import { widget } from "./transactions-reference.ts";

// The site's own /transactions page tells its widget where deal pages live (data-deal-url), so
// each client links to its deal's page.

const newest = demoContent().transactions.toSorted((a, b) => b.Date.localeCompare(a.Date))[0]!;

test("each client in the table links to its deal's page", async ({ page }) => {
  await gotoReady(page, "/transactions");
  await expect(page.locator("#historicaltransactions")).toHaveAttribute(
    "data-deal-url",
    "/transactions/{UrlName}",
  );
  const w = widget(page);
  const client = w.bodyRows.first().getByRole("cell").nth(1);
  const link = client.getByRole("link", { name: newest.Company });
  await expect(link).toHaveAttribute("href", `/transactions/${newest.UrlName}`);
  await link.click();
  await expect(page).toHaveURL(new RegExp(`/transactions/${newest.UrlName}$`));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(newest.Company);
});

test("each industry group in the table links to its hub", async ({ page }) => {
  await gotoReady(page, "/transactions");
  await expect(page.locator("#historicaltransactions")).toHaveAttribute(
    "data-industry-url",
    "/industries/{UrlName}",
  );
  const group = widget(page).bodyRows.first().getByRole("cell").last().getByRole("link");
  await expect(group).toHaveAttribute("href", /^\/industries\/[a-z0-9-]+$/);
  const title = (await group.textContent())!;
  await group.click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
});

for (const viewport of DESKTOP_AND_PHONE) {
  test(`the table with its client links has no accessibility violations at ${viewport.width} px`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    await gotoReady(page, "/transactions");
    await expect(
      widget(page).bodyRows.first().getByRole("link", { name: newest.Company }),
    ).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
  });
}
