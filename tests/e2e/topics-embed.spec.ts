import type { APIRequestContext, Browser, Page } from "@playwright/test";
import { serveHostPage } from "../../tools/host-page.ts";
import { axeViolations, expect, test, topicUrl } from "./fixtures.ts";

// Topics A – Z embedded in a plain HTML page of another origin through /embed.js.

const hostPage = (site: string, placeholders: string) => `<!doctype html>
<html lang="en">
  <head><meta charset="utf-8"><title>Partner page</title></head>
  <body>
    <main><h1>Partner page</h1>${placeholders}</main>
    <script type="module" src="${site}/embed.js"></script>
  </body>
</html>`;

/** The titles and links letter `a` should list, from the site's API (Tags taxa, by Name). */
async function topicsUnderA(request: APIRequestContext, site: string) {
  const get = async <T>(entity: string) =>
    ((await (await request.get(`${site}/api/default/${entity}`)).json()) as { value: T[] }).value;
  const tags = (await get<{ Id: string; Name: string }>("taxonomies")).find(
    (t) => t.Name === "Tags",
  );
  const topics = (
    await get<{ Title: string; Name: string; UrlName: string; TaxonomyId: string }>("flat-taxa")
  )
    .filter((t) => t.TaxonomyId === tags?.Id)
    .filter((t) => t.Title.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase().startsWith("a"))
    .sort((a, b) => a.Name.localeCompare(b.Name, "en", { sensitivity: "base" }));
  return {
    titles: topics.map((t) => t.Title),
    hrefs: topics.map((t) => new URL(topicUrl(encodeURIComponent(t.UrlName)), site).href),
  };
}

/** Opens `html` from another origin in a fresh context; returns the page and every URL it requested. */
async function openHostPage(browser: Browser, html: string) {
  const host = await serveHostPage(html);
  const context = await browser.newContext();
  const page = await context.newPage();
  const requested: string[] = [];
  const errors: string[] = [];
  page.on("request", (r) => requested.push(r.url()));
  page.on("pageerror", (e) => errors.push(e.message));
  // The host page's own 404s (its favicon) are not the widget's concern; the site's are.
  page.on("response", (r) => {
    if (!r.url().startsWith(host.url) && r.status() >= 400) errors.push(`${r.status()} ${r.url()}`);
  });
  page.on("requestfailed", (r) => errors.push(`failed ${r.url()}`));
  await page.goto(host.url);
  const close = async () => {
    await context.close();
    await host.close();
  };
  return { page, hostUrl: host.url, requested, errors, close };
}

/** Waits until the page has run its scripts and has had no request in flight for a while. */
async function settle(page: Page) {
  await page.waitForLoadState("networkidle");
}

test("renders the site's topics on another origin's page, linking to the site", async ({
  browser,
  request,
  site,
}) => {
  const expected = await topicsUnderA(request, site);
  expect(expected.titles.length).toBeGreaterThan(0);
  const host = await openHostPage(browser, hostPage(site, '<div id="topicsearch"></div>'));
  try {
    const { page } = host;
    expect(new URL(host.hostUrl).origin).not.toBe(new URL(site).origin);
    const widget = page.getByRole("region", { name: "Topics A - Z" });
    const links = widget.getByRole("list", { name: "A" }).getByRole("link");
    await expect(links).toHaveText(expected.titles);
    expect(await links.evaluateAll((as) => as.map((a) => (a as HTMLAnchorElement).href))).toEqual(
      expected.hrefs,
    );
    const api = host.requested.filter((url) => url.includes("/api/"));
    expect(api.length).toBeGreaterThan(0);
    for (const url of api) expect(url.startsWith(`${site}/api/default/`), url).toBe(true);

    await widget.getByRole("button", { name: "B", exact: true }).click();
    await expect(page).toHaveURL(`${host.hostUrl}#b`);
    expect(await axeViolations(page)).toEqual([]);

    await widget.getByRole("link").first().click();
    await expect(page).toHaveURL(new RegExp(`^${site}/`));
    expect(host.errors).toEqual([]);
  } finally {
    await host.close();
  }
});

test("on a host page with a <base> element, a selection changes only the hash", async ({
  browser,
  site,
}) => {
  // Content systems often set <base>; a relative "#b" would resolve against it, not the page.
  const html = hostPage(site, '<div id="topicsearch"></div>').replace(
    "<head>",
    '<head><base href="/static/">',
  );
  const host = await openHostPage(browser, html);
  try {
    const widget = host.page.getByRole("region", { name: "Topics A - Z" });
    await widget.getByRole("button", { name: "B", exact: true }).click();
    await expect(widget.getByRole("button", { name: "B", exact: true })).toHaveAttribute(
      "aria-pressed",
      "true",
    );
    await expect(host.page).toHaveURL(`${host.hostUrl}#b`);
    await host.page.goBack();
    await expect(host.page).toHaveURL(host.hostUrl);
    await expect(widget.getByRole("button", { name: "A", exact: true })).toHaveAttribute(
      "aria-pressed",
      "true",
    );
    expect(host.errors).toEqual([]);
  } finally {
    await host.close();
  }
});

test("a page without a placeholder renders nothing and calls no API", async ({ browser, site }) => {
  const host = await openHostPage(browser, hostPage(site, '<div id="other"></div>'));
  try {
    await settle(host.page);
    expect(host.requested).toContain(`${site}/embed.js`);
    expect(
      host.requested.filter((url) => url.startsWith(site) && !url.endsWith("/embed.js")),
    ).toEqual([]);
    await expect(host.page.locator("body")).toHaveText("Partner page");
    expect(host.errors).toEqual([]);
  } finally {
    await host.close();
  }
});

test("a page with only the topics placeholder loads neither the transactions API nor its widget", async ({
  browser,
  site,
}) => {
  // What the transactions placeholder alone makes the page load: the yardstick for the check.
  const transactions = await openHostPage(
    browser,
    hostPage(site, '<div id="historicaltransactions"></div>'),
  );
  const topics = await openHostPage(browser, hostPage(site, '<div id="topicsearch"></div>'));
  try {
    await settle(transactions.page);
    await expect(topics.page.getByRole("toolbar", { name: "Topics by letter" })).toBeVisible();
    await settle(topics.page);
    const isTransactionsApi = (url: string) => url.startsWith(`${site}/api/default/transactions`);
    expect(transactions.requested.some(isTransactionsApi)).toBe(true);
    expect(topics.requested.filter(isTransactionsApi)).toEqual([]);

    const scripts = (urls: string[]) =>
      urls.filter((url) => url.startsWith(site) && new URL(url).pathname.endsWith(".js"));
    const transactionsOnly = scripts(transactions.requested).filter(
      (url) => !scripts(topics.requested).includes(url),
    );
    expect(transactionsOnly.length).toBeGreaterThan(0);
    const topicsOnly = scripts(topics.requested).filter(
      (url) => !scripts(transactions.requested).includes(url),
    );
    expect(topicsOnly.length).toBeGreaterThan(0);
    expect(topics.errors).toEqual([]);
  } finally {
    await transactions.close();
    await topics.close();
  }
});
