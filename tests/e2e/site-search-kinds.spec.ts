import type { Page } from "@playwright/test";
import {
  axeViolations,
  demoContent,
  expect,
  expectExpanded,
  gotoReady,
  test,
  topicUrl,
} from "./fixtures.ts";

// One search over deals, topics, articles and pages: what its visitor could not find,
// each result's kind and details, the filter by kind (links: no script needed), "Did you mean",
// "Showing results for" a corrected query with a link to search the words as typed,
// and the search bar's suggestions as an APG combobox.

const { transactions, descriptions } = demoContent();
const newest = transactions.toSorted((a, b) => b.Date.localeCompare(a.Date))[0]!;
const main = (page: Page) => page.getByRole("main");
const status = (page: Page) => main(page).getByRole("status");
const results = (page: Page) =>
  main(page)
    .getByRole("listitem")
    .filter({ has: page.getByRole("heading", { level: 2 }) });
const firstResult = (page: Page) => results(page).first();
const kindFilter = (page: Page) =>
  page.getByRole("navigation", { name: "Show results of one kind" });
const longDate = (iso: string) =>
  new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeZone: "UTC" }).format(new Date(iso));

test.describe("what the issue's visitor could not find", () => {
  test("keystone: the newest deal, Keystone Home Co., first, with its date and size, linked to its page", async ({
    page,
    site,
  }) => {
    expect(newest.Company).toBe("Keystone Home Co.");
    await page.goto(`${site}/search?q=keystone`);
    const first = firstResult(page);
    await expect(first.getByRole("heading")).toHaveText("Keystone Home Co.");
    await expect(first).toContainText("Deal");
    await expect(first).toContainText(`Closed ${longDate(newest.Date)} ·`);
    await first.getByRole("link", { name: "Keystone Home Co." }).click();
    await expect(page).toHaveURL(new RegExp(`/transactions/${newest.UrlName}$`));
  });

  test("lindqvist (the buyer in a deal's description) finds its newest deal first", async ({
    page,
    site,
  }) => {
    const sold = transactions
      .filter((t) => descriptions[t.Description]?.includes("Lindqvist"))
      .toSorted((a, b) => b.Date.localeCompare(a.Date))[0]!;
    await page.goto(`${site}/search?q=lindqvist`);
    await expect(firstResult(page).getByRole("heading")).toHaveText(sold.Company);
  });

  test("acqusition (one typo) finds as many as acquisition, and says it read acquisition", async ({
    page,
    site,
  }) => {
    await page.goto(`${site}/search?q=acquisition`);
    const right = await status(page).textContent();
    await page.goto(`${site}/search?q=acqusition`);
    await expect(status(page)).toContainText("Showing results for acquisition.");
    await expect(status(page)).toContainText(right!.replace(" for “acquisition”", ""));
    await expect(firstResult(page).getByRole("heading")).toHaveText("Acquisition Finance");
  });

  test("keystnoe: the line saying it showed keystone, and the search as typed, pass axe", async ({
    page,
    site,
  }) => {
    await page.goto(`${site}/search?q=keystnoe`);
    await expect(status(page)).toContainText("Showing results for keystone.");
    expect(await axeViolations(page)).toEqual([]);
    await status(page).getByRole("link", { name: "Search instead for keystnoe" }).click();
    await expect(status(page)).toHaveText("No results for “keystnoe” as typed.");
    expect(await axeViolations(page)).toEqual([]);
  });

  test("recapitaliz (a word being typed) finds the topic Recapitalizations first", async ({
    page,
    site,
  }) => {
    await page.goto(`${site}/search?q=recapitaliz`);
    await expect(firstResult(page).getByRole("heading")).toHaveText("Recapitalizations");
    await expect(firstResult(page)).toContainText("Topic");
    await firstResult(page).getByRole("link").click();
    await expect(page).toHaveURL(new RegExp(`${topicUrl("recapitalizations")}$`));
  });

  for (const query of ["economie", "économie"]) {
    test(`${query} finds the topic Économie Circulaire first`, async ({ page, site }) => {
      await page.goto(`${site}/search?q=${encodeURIComponent(query)}`);
      await expect(firstResult(page).getByRole("heading")).toHaveText("Économie Circulaire");
      await expect(firstResult(page).locator("mark")).toHaveText("Économie");
    });
  }

  test("aerospace finds the topic, articles and dozens of deals, each labelled", async ({
    page,
    site,
  }) => {
    await page.goto(`${site}/search?q=aerospace`);
    await expect(firstResult(page).getByRole("heading")).toHaveText("Aerospace Supply Chains");
    const deals = Number(/Deals \((\d+)\)/.exec((await kindFilter(page).textContent()) ?? "")?.[1]);
    expect(deals).toBeGreaterThan(24);
    const labels = await Promise.all(
      (await results(page).all()).map(async (r) => (await r.locator("p").first().textContent())!),
    );
    expect(new Set(labels.map((l) => l.split(/\s/)[0]))).toEqual(
      new Set(["Industry", "Topic", "Article", "Deal"]),
    );
  });
});

test.describe("the filter by kind, without script", () => {
  test.use({ javaScriptEnabled: false });

  test("counts each kind, shows one kind from a link, and keeps it in the address", async ({
    page,
    site,
  }) => {
    await page.goto(`${site}/search?q=aerospace`);
    const filter = kindFilter(page);
    const text = (await filter.textContent()) ?? "";
    // A kind that found nothing is not offered: it counts 0.
    const count = (label: string) =>
      Number(new RegExp(`${label} \\((\\d+)\\)`).exec(text)?.[1] ?? 0);
    expect(count("All")).toBe(
      count("Deals") +
        count("Industries") +
        count("Topics") +
        count("Articles") +
        count("Pages") +
        count("People"),
    );
    await expect(filter.getByText("All (")).toHaveAttribute("aria-current", "true");
    await expect(filter.getByRole("link", { name: /^Pages/ })).toHaveCount(0);
    await filter.getByRole("link", { name: /^Deals/ }).click();
    await expect(page).toHaveURL(/\/search\?q=aerospace&kind=deal$/);
    const pages = Math.ceil(count("Deals") / 10);
    await expect(status(page)).toHaveText(
      `${count("Deals")} deals for “aerospace”, page 1 of ${pages}.`,
    );
    await expect(results(page)).toHaveCount(10);
    for (const result of await results(page).all()) await expect(result).toContainText("Deal");
    const pager = page.getByRole("navigation", { name: "Search result pages" });
    await pager.getByRole("link", { name: "Next page" }).click();
    await expect(page).toHaveURL(/\/search\?q=aerospace&kind=deal&page=2$/);
    await kindFilter(page).getByRole("link", { name: /^All/ }).click();
    await expect(status(page)).toHaveText(new RegExp(`^${count("All")} results for “aerospace”`));
  });

  test("offers only the kinds that found something, and the chosen kind even when it found nothing", async ({
    page,
    site,
  }) => {
    await page.goto(`${site}/search?q=aerospace`);
    await expect(kindFilter(page)).toContainText("Deals (");
    await expect(kindFilter(page)).not.toContainText("Pages (0)");
    await page.goto(`${site}/search?q=aerospace&kind=page`);
    await expect(status(page)).toHaveText("No pages for “aerospace”.");
    await expect(kindFilter(page).getByText("Pages (0)")).toHaveAttribute("aria-current", "true");
    await kindFilter(page).getByRole("link", { name: /^All/ }).click();
    await expect(page).toHaveURL(/\/search\?q=aerospace$/);
  });

  test("keystnoe: shows the results for keystone, and links to a search for keystnoe as typed", async ({
    page,
    site,
  }) => {
    await page.goto(`${site}/search?q=keystnoe`);
    await expect(status(page)).toContainText("Showing results for keystone.");
    await expect(status(page).getByRole("emphasis")).toHaveText("keystone");
    await expect(status(page)).not.toContainText("for “keystnoe”");
    await expect(firstResult(page).getByRole("heading")).toHaveText("Keystone Home Co.");
    const asTyped = status(page).getByRole("link", { name: "Search instead for keystnoe" });
    await expect(asTyped).toHaveAttribute("href", "/search?q=keystnoe&exact=1");
    await asTyped.click();
    await expect(page).toHaveURL(/\/search\?q=keystnoe&exact=1$/);
    await expect(status(page)).toHaveText("No results for “keystnoe” as typed.");
    await expect(results(page)).toHaveCount(0);
    await expect(main(page)).toContainText("Did you mean keystone?");
  });

  test("a corrected search, and a search as typed, keep to themselves through the filter and the pages", async ({
    page,
    site,
  }) => {
    await page.goto(`${site}/search?q=aerospcae`);
    await kindFilter(page)
      .getByRole("link", { name: /^Deals/ })
      .click();
    await page
      .getByRole("navigation", { name: "Search result pages" })
      .getByRole("link", { name: "Next page" })
      .click();
    await expect(page).toHaveURL(/\/search\?q=aerospcae&kind=deal&page=2$/);
    await expect(status(page)).toContainText("Showing results for aerospace.");
    await expect(status(page)).toContainText(/deals, page 2 of \d+\.$/);
    await expect(
      status(page).getByRole("link", { name: "Search instead for aerospcae" }),
    ).toHaveAttribute("href", "/search?q=aerospcae&kind=deal&exact=1");

    await page.goto(`${site}/search?q=aerospace&exact=1`);
    await expect(status(page)).toHaveText(
      /^\d+ results for “aerospace” as typed, page 1 of \d+\.$/,
    );
    await kindFilter(page)
      .getByRole("link", { name: /^Deals/ })
      .click();
    await expect(page).toHaveURL(/\/search\?q=aerospace&kind=deal&exact=1$/);
    await page
      .getByRole("navigation", { name: "Search result pages" })
      .getByRole("link", { name: "Next page" })
      .click();
    await expect(page).toHaveURL(/\/search\?q=aerospace&kind=deal&exact=1&page=2$/);
    await expect(status(page)).toHaveText(/^\d+ deals for “aerospace” as typed, page 2 of \d+\.$/);
  });

  test("says what it did mean when nothing was found, and where to browse", async ({
    page,
    site,
  }) => {
    await page.goto(`${site}/search?q=${encodeURIComponent("kystne dermatlogy")}`);
    await expect(status(page)).toHaveText("No results for “kystne dermatlogy”.");
    await expect(main(page)).toContainText("Did you mean keystone dermatology?");
    await expect(main(page).getByRole("link", { name: "Topics A – Z" })).toHaveAttribute(
      "href",
      "/topics",
    );
    await expect(main(page).getByRole("link", { name: "Historical transactions" })).toHaveAttribute(
      "href",
      "/transactions",
    );
    await main(page).getByRole("link", { name: "keystone dermatology" }).click();
    await expect(firstResult(page).getByRole("heading")).toHaveText("Keystone Dermatology Group");
  });
});

test.describe("suggestions as you type", { tag: "@mobile" }, () => {
  const toggle = (page: Page) =>
    page.getByRole("banner").getByRole("button", { name: "Search", exact: true });

  test("work by keyboard alone and read well to a screen reader", async ({ page }) => {
    await gotoReady(page, "/about/contact");
    await toggle(page).click();
    await page.keyboard.type("keys");
    const field = page.getByRole("combobox", { name: "Search this site" });
    const list = page.getByRole("listbox", { name: "Suggestions" });
    await expect(list).toBeVisible();
    await expect(field).toHaveAttribute("aria-expanded", "true");
    await expect(field).toHaveAttribute("aria-controls", (await list.getAttribute("id"))!);
    const options = list.getByRole("option");
    await expect(options).toHaveCount(6);
    await expect(options.first()).toHaveAccessibleName(/^Deal Keystone Home Co\. Closed/);
    await expect(page.getByRole("banner").getByRole("status")).toHaveText(
      "6 suggestions. Use the Up and Down keys to choose one.",
    );
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("ArrowDown");
    await expect(field).toHaveAttribute(
      "aria-activedescendant",
      (await options.nth(1).getAttribute("id"))!,
    );
    await expect(options.nth(1)).toHaveAttribute("aria-selected", "true");
    await expect(field).toBeFocused();
    expect(await axeViolations(page)).toEqual([]);
    const chosen = /^Deal (.+?) Closed/.exec((await options.nth(1).textContent())!)![1]!;
    await page.keyboard.press("Enter");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(chosen);
  });

  test("Escape closes the list first, then the bar", async ({ page }) => {
    await gotoReady(page, "/");
    await toggle(page).click();
    await page.keyboard.type("private eq");
    const list = page.getByRole("listbox", { name: "Suggestions" });
    await expect(list.getByRole("option").first()).toHaveAccessibleName(/^Topic Private Equity/);
    await page.keyboard.press("Escape");
    await expect(list).toBeHidden();
    await expectExpanded(toggle(page), true);
    await page.keyboard.press("Escape");
    await expectExpanded(toggle(page), false);
    await expect(toggle(page)).toBeFocused();
  });

  test("Enter without a chosen suggestion still searches", async ({ page }) => {
    await gotoReady(page, "/");
    await toggle(page).click();
    await page.keyboard.type("keys");
    await expect(page.getByRole("listbox", { name: "Suggestions" })).toBeVisible();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/search\?q=keys$/);
    await expect(firstResult(page).getByRole("heading")).toHaveText("Keystone Home Co.");
  });
});
