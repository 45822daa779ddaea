import { readFileSync } from "node:fs";
import type { Page } from "@playwright/test";
import { officeCards } from "../../src/lib/offices.ts";
import { resolveTokens } from "../../src/styles/tokens.ts";
import { baseUrl, demoContent, expect, gotoReady, test } from "./fixtures.ts";

// What the brand and the designed pages promise a visitor: the header in one row on a phone,
// room at the sides, cards in full rows, figures that are the content's own, and contact links
// that lead somewhere.
const content = demoContent();
const offices = officeCards(content.offices);

/** The boxes of the header's logo link, Search and Menu, as laid out now. */
async function headerBoxes(page: Page) {
  const header = page.locator("header.site-header");
  const boxes = await Promise.all(
    [
      header.locator('a[href="/"]').first(),
      header.getByRole("button", { name: "Search", exact: true }),
      header.getByRole("button", { name: "Open menu", exact: true }),
    ].map((l) => l.boundingBox()),
  );
  return { boxes: boxes.map((b) => b!), bar: (await header.boundingBox())! };
}

test.describe("on a phone, 375 px wide", () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test("the header keeps the name, Search and Menu in one row, under a compact alert", async ({
    page,
  }) => {
    await gotoReady(page, "/");
    const { boxes, bar } = await headerBoxes(page);
    // One row: every control's vertical middle lies within each of the others' heights.
    for (const a of boxes)
      for (const b of boxes) {
        const middle = a.y + a.height / 2;
        expect(middle).toBeGreaterThan(b.y);
        expect(middle).toBeLessThan(b.y + b.height);
      }
    expect(bar.height).toBeLessThanOrEqual(80);
    const alert = (await page.getByRole("region", { name: /alert/i }).boundingBox())!;
    // The alert and the header took 238 px before the content; now at most 160.
    expect(alert.height + bar.height).toBeLessThanOrEqual(160);
  });
});

test("from 768 px up, the page keeps at least 24 px at each side", async ({ page }) => {
  for (const width of [768, 1024, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`${baseUrl()}/`);
    const edges = await page
      .locator("header.site-header a[href='/'], main h1, main h2, footer a")
      .evaluateAll((elements) =>
        elements.map((e) => {
          const box = e.getBoundingClientRect();
          return { left: box.left, right: window.innerWidth - box.right };
        }),
      );
    expect(edges.length).toBeGreaterThan(5);
    for (const edge of edges) {
      expect(edge.left, `left edge at ${width} px`).toBeGreaterThanOrEqual(24);
      expect(edge.right, `right edge at ${width} px`).toBeGreaterThanOrEqual(24);
    }
  }
});

test("the home page's cards fill every row they start, at every width", async ({ page }) => {
  for (const width of [375, 768, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`${baseUrl()}/`);
    for (const region of ["Recent transactions", "Latest articles & commentary"]) {
      const tops = await page
        .getByRole("region", { name: region })
        .locator("li")
        .evaluateAll((items) => items.map((i) => Math.round(i.getBoundingClientRect().top)));
      const perRow = [
        ...tops
          .reduce((rows, top) => rows.set(top, (rows.get(top) ?? 0) + 1), new Map<number, number>())
          .values(),
      ];
      expect(new Set(perRow).size, `${region} at ${width} px: ${perRow.join(", ")}`).toBe(1);
    }
  }
});

test("the home page's figures are counted from the content the API serves", async ({
  page,
  request,
}) => {
  await page.goto(`${baseUrl()}/`);
  const count = Number(
    await (await request.get(`${baseUrl()}/api/default/transactions/$count`)).text(),
  );
  // Each figure is a definition list entry: its label (dt) and its value (dd).
  const figure = (label: string) => page.locator(`dt:text-is("${label}") + dd`);
  await expect(figure("transactions completed")).toHaveText(count.toLocaleString("en-US"));
  const groups = content.hierarchyTaxa.filter(
    (t) => t.ParentId === "00000000-0000-0000-0000-000000000000",
  ).length;
  await expect(figure("industry groups covered")).toHaveText(String(groups));
  const sized = content.transactions.filter((t) => t.Size !== null);
  const billions = Math.round(sized.reduce((sum, t) => sum + t.Size!, 0) / 1000);
  await expect(figure("in disclosed transaction value")).toHaveText(`$${billions} billion`);
  await expect(page.getByRole("heading", { name: "Explore the firm" })).toHaveCount(0);
});

test("every office can be called and written to, from the contact page and the home page", async ({
  page,
}) => {
  expect(offices.length).toBeGreaterThan(0);
  for (const path of ["/about/contact", "/"]) {
    await page.goto(`${baseUrl()}${path}`);
    for (const office of offices) {
      const item = page.getByRole("listitem").filter({
        has: page.getByRole("heading", { name: office.city, exact: true }),
      });
      const digits = office.phone!.replace(/[^0-9]/g, "");
      await expect(item.getByRole("link", { name: office.phone! })).toHaveAttribute(
        "href",
        `tel:+${digits}`,
      );
      await expect(item.getByRole("link", { name: office.email! })).toHaveAttribute(
        "href",
        `mailto:${office.email}`,
      );
      await expect(item).toContainText(office.address[0]!);
    }
  }
});

test("no link on the site's pages or in a deal's announcement leads to example.com", async ({
  page,
  request,
}) => {
  const deals = content.transactions.slice(0, 40);
  const paths = [
    "/",
    "/about/contact",
    "/about/careers",
    "/transactions",
    ...deals.map((d) => `/transactions/${d.UrlName}`),
  ];
  for (const path of paths) {
    const html = await (await request.get(`${baseUrl()}${path}`)).text();
    expect(html, path).not.toMatch(/href="[^"]*example\.com/);
  }
  await page.goto(`${baseUrl()}/transactions`);
  await expect(page.getByRole("table").getByRole("row").nth(1)).toBeVisible();
  const hrefs = await page
    .locator("main a[href]")
    .evaluateAll((links) => links.map((a) => a.getAttribute("href") ?? ""));
  expect(hrefs.filter((h) => h.includes("example.com"))).toEqual([]);
});

test("pages are set in the brand's typefaces, the text face preloaded", async ({ page }) => {
  await page.goto(`${baseUrl()}/`);
  await page.evaluate(() => document.fonts.ready);
  const families = await page.evaluate(() => ({
    body: getComputedStyle(document.body).fontFamily,
    heading: getComputedStyle(document.querySelector("h1")!).fontFamily,
    loaded: [...document.fonts].filter((f) => f.status === "loaded").map((f) => f.family),
  }));
  expect(families.body).toMatch(/^"Public Sans Variable"/);
  expect(families.heading).toMatch(/^"Newsreader Variable"/);
  expect(families.loaded).toEqual(
    expect.arrayContaining(["Public Sans Variable", "Newsreader Variable"]),
  );
  await expect(page.locator('link[rel="preload"][as="font"]')).toHaveCount(1);
  await expect(page.locator('link[rel="preload"][as="font"]')).toHaveAttribute(
    "href",
    /public-sans/,
  );
});

test("on another site's page the widgets wear the brand's colours, leaving the host's root and fonts alone", async ({
  page,
  site,
}) => {
  const { serveHostPage } = await import("../../tools/host-page.ts");
  const host = await serveHostPage(`<!doctype html><html lang="en"><head><title>Host</title></head>
<body><main><div id="historicaltransactions"></div><div id="topicsearch"></div></main>
<script type="module" src="${site}/embed.js"></script></body></html>`);
  try {
    const fonts: string[] = [];
    page.on("request", (r) => {
      if (r.resourceType() === "font") fonts.push(r.url());
    });
    await page.goto(host.url);
    const submit = page.getByRole("button", { name: "Search Historical Transactions" });
    await expect(submit).toBeVisible();
    // The brand's navy, as the tokens define it.
    const navy = resolveTokens(readFileSync("src/styles/tokens.css", "utf8")).get("--color-brand")!;
    const [r, g, b] = [1, 3, 5].map((i) => parseInt(navy.slice(i, i + 2), 16));
    await expect(submit).toHaveCSS("background-color", `rgb(${r}, ${g}, ${b})`);
    const hostRoot = await page.evaluate(() =>
      getComputedStyle(document.documentElement).getPropertyValue("--color-brand"),
    );
    expect(hostRoot).toBe("");
    expect(fonts).toEqual([]);
  } finally {
    await host.close();
  }
});
