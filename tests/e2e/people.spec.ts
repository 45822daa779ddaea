import { comparePeople, monogram } from "../../src/rules/people.ts";
import { createGroupResolver } from "../../src/rules/industry-groups.ts";
import { axeViolations, baseUrl, demoContent, expect, test } from "./fixtures.ts";

// The firm's people: the leadership page lists them in the editors' order, each card leads to a
// profile (biography, contact links, vCard, industries covered, selected transactions and the
// firm's BrokerCheck), the hubs show their bankers and a deal page its team.
const content = demoContent();
const people = content.people.toSorted(comparePeople);
const resolve = createGroupResolver(content.hierarchyTaxa);
const taxa = new Map(content.hierarchyTaxa.map((t) => [t.Id, t]));
const tel = (phone: string) => `tel:${phone.startsWith("+") ? "+" : ""}${phone.replace(/\D/g, "")}`;

test("the leadership page lists every person in order, with their title and a way to reach them", async ({
  page,
}) => {
  expect(people.length).toBeGreaterThan(0);
  await page.goto(`${baseUrl()}/about/leadership`);
  const list = page.getByRole("region", { name: "Our people" });
  await expect(list.getByRole("heading", { level: 3 })).toHaveText(people.map((p) => p.Title));
  for (const person of people.slice(0, 6)) {
    const card = list.getByRole("listitem").filter({
      has: page.getByRole("heading", { name: person.Title, exact: true }),
    });
    await expect(card).toContainText(person.JobTitle!);
    await expect(card.getByRole("link", { name: person.Title })).toHaveAttribute(
      "href",
      `/people/${person.UrlName}`,
    );
    await expect(card.getByRole("link", { name: person.Email! })).toHaveAttribute(
      "href",
      `mailto:${person.Email}`,
    );
    await expect(card.getByRole("link", { name: person.Phone! })).toHaveAttribute(
      "href",
      tel(person.Phone!),
    );
    if (!person.Photo)
      await expect(card.locator(".person__monogram")).toHaveText(monogram(person.Title));
  }
  expect(await axeViolations(page)).toEqual([]);
});

test("a profile shows the person, their industries, deals, vCard and the firm's BrokerCheck", async ({
  page,
}) => {
  const person = people.find((p) => p.Industries.length > 0)!;
  await page.goto(`${baseUrl()}/about/leadership`);
  await page.getByRole("link", { name: person.Title, exact: true }).click();
  await expect(page).toHaveURL(`${baseUrl()}/people/${person.UrlName}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(person.Title);
  await expect(page.locator("main")).toContainText(person.JobTitle!);
  const text = person.Biography.replace(/<[^>]+>/g, "");
  await expect(page.getByRole("region", { name: "Biography" })).toContainText(text);
  await expect(page.getByRole("link", { name: person.Email! })).toHaveAttribute(
    "href",
    `mailto:${person.Email}`,
  );
  const groups = [...new Set(person.Industries.map((id) => resolve(id)!.id))];
  const covered = page.getByRole("region", { name: "Industries covered" });
  for (const group of groups)
    await expect(covered.getByRole("link", { name: taxa.get(group)!.Title })).toHaveAttribute(
      "href",
      `/industries/${taxa.get(group)!.UrlName}`,
    );
  const deals = content.transactions.filter((t) => t.DealTeam?.includes(person.Id));
  expect(deals.length).toBeGreaterThan(0);
  await expect(page.getByRole("region", { name: "Selected transactions" })).toBeVisible();
  const brokerCheck = page.getByRole("complementary", { name: "FINRA BrokerCheck" });
  await expect(brokerCheck.getByRole("link", { name: /^BrokerCheck/ })).toHaveAttribute(
    "href",
    content.site.brokerCheckUrl!,
  );
  const card = await page.request.get(`${baseUrl()}/people/${person.UrlName}.vcf`);
  expect(card.headers()["content-type"]).toBe("text/vcard; charset=utf-8");
  expect(await card.text()).toContain(`FN:${person.Title}`);
  expect(await axeViolations(page)).toEqual([]);
});

test("the home page links to the firm's BrokerCheck beside its content", async ({ page }) => {
  await page.goto(baseUrl());
  const brokerCheck = page.getByRole("complementary", { name: "FINRA BrokerCheck" });
  await expect(brokerCheck).toBeVisible();
  await expect(brokerCheck.getByRole("link", { name: /^BrokerCheck/ })).toHaveAttribute(
    "href",
    content.site.brokerCheckUrl!,
  );
});

test("a deal page names its team, each linked to their profile", async ({ page }) => {
  const deal = content.transactions.find((t) => (t.DealTeam ?? []).length >= 2)!;
  await page.goto(`${baseUrl()}/transactions/${deal.UrlName}`);
  const team = page.getByRole("region", { name: "Deal team" });
  const byId = new Map(content.people.map((p) => [p.Id, p]));
  for (const id of deal.DealTeam!)
    await expect(team.getByRole("link", { name: byId.get(id)!.Title })).toHaveAttribute(
      "href",
      `/people/${byId.get(id)!.UrlName}`,
    );
});

test("an unknown profile is the site's 404", async ({ page }) => {
  const response = await page.goto(`${baseUrl()}/people/nobody-here`);
  expect(response?.status()).toBe(404);
});

test("on a phone, the heading of the leadership page and of a profile stays put as the typefaces arrive", async ({
  browser,
}) => {
  for (const path of ["/about/leadership", `/people/${people[0]!.UrlName}`]) {
    // A fresh browser each time, whose cache does not hold the typefaces yet: they arrive while
    // the page shows, and the fallback faces sized to them must leave the heading where it was.
    const context = await browser.newContext({
      viewport: { width: 375, height: 812 },
      deviceScaleFactor: 2,
    });
    const page = await context.newPage();
    await page.addInitScript(() => {
      type Source = { node?: Node | null };
      const moved: number[] = [];
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & {
          value: number;
          sources?: Source[];
        })[]) {
          const inHeading = (entry.sources ?? []).some((source) => {
            const node = source.node;
            const element = node instanceof Element ? node : (node?.parentElement ?? null);
            return element?.closest("h1") != null;
          });
          if (inHeading) moved.push(entry.value);
        }
      }).observe({ type: "layout-shift", buffered: true });
      Object.assign(window, { headingShifts: () => moved });
    });
    await page.goto(`${baseUrl()}${path}`, { waitUntil: "networkidle" });
    await page.evaluate(async () => {
      await document.fonts.ready;
      await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
    });
    const moved = await page.evaluate(() =>
      (window as unknown as { headingShifts: () => number[] }).headingShifts(),
    );
    expect(moved, path).toEqual([]);
    await context.close();
  }
});
