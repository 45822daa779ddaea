import type { APIRequestContext, Page } from "@playwright/test";
import { serveHostPage } from "../../tools/host-page.ts";
import { axeViolations, DESKTOP_AND_PHONE, expect, test } from "./fixtures.ts";
import {
  expectedRows,
  expectResults,
  reference,
  searchFor,
  widget,
} from "./transactions-reference.ts";

// The Historical Transactions widget embedded through /embed.js in a plain HTML page served from
// another origin (another port of 127.0.0.1): it calls the site's API, reads the host page's
// descriptions, and nothing of it loads where its placeholder is missing.

const hostPage = (
  site: string,
  body: string,
  descriptions?: Record<string, string>,
) => `<!doctype html>
<html lang="en">
  <head><meta charset="utf-8"><title>Partner page</title></head>
  <body>
    <main>
      <h1>Our adviser's deals</h1>
      ${body}
    </main>
    ${
      descriptions === undefined
        ? ""
        : `<script type="application/json" id="historicaltransactions-descriptions">${JSON.stringify(
            descriptions,
          ).replace(/</g, "\\u003c")}</script>`
    }
    <script type="module" src="${site}/embed.js"></script>
  </body>
</html>`;

/** The descriptions table the site's own /transactions page embeds. */
async function siteDescriptions(request: APIRequestContext, site: string) {
  const html = await (await request.get(`${site}/transactions`)).text();
  const json =
    /<script[^>]*id="historicaltransactions-descriptions"[^>]*>([\s\S]*?)<\/script>/.exec(
      html,
    )?.[1];
  if (json === undefined) throw new Error("/transactions has no descriptions table");
  return JSON.parse(json) as Record<string, string>;
}

/** Every request the page makes from now on. */
function recordRequests(page: Page): string[] {
  const urls: string[] = [];
  page.on("request", (r) => urls.push(r.url()));
  return urls;
}

test("the embedded widget lists the site's deals and filters them on another origin's page", async ({
  page,
  request,
  site,
}) => {
  const descriptions = await siteDescriptions(request, site);
  const api = await reference(request, site, descriptions);
  const [missing, unsafe] = api.transactions.map((t) => t.Description);
  const hosted = { ...descriptions };
  delete hosted[missing!];
  hosted[unsafe!] =
    '<p><strong>Safe</strong> text <a href="javascript:window.pwned = 3">link</a>' +
    '<img src="x" onerror="window.pwned = 1"><script>window.pwned = 2</script></p>';
  const host = await serveHostPage(
    hostPage(site, '<div id="historicaltransactions"></div>', hosted),
  );
  try {
    expect(new URL(host.url).origin).not.toBe(new URL(site).origin);
    const requests = recordRequests(page);
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));
    await page.goto(host.url);
    const ref = await reference(request, site, hosted);
    const w = widget(page);
    await expectResults(w, ref.rows);

    // A key missing from the host's table shows as text; unsafe HTML is reduced to formatting.
    const descriptionCell = (row: number) => w.bodyRows.nth(row).getByRole("cell").nth(3);
    await expect(descriptionCell(0)).toHaveText(missing!);
    await expect(descriptionCell(1)).toHaveText("Safe text link");
    await expect(descriptionCell(1).locator("strong")).toHaveText("Safe");
    await expect(descriptionCell(1).locator("img, script, [href^='javascript']")).toHaveCount(0);
    await descriptionCell(1).getByText("link").click();
    expect(await page.evaluate(() => (window as { pwned?: number }).pwned)).toBeUndefined();

    const search = { text: "advised", industries: [ref.groups[1]!.title] };
    await searchFor(w, ref, search);
    await expectResults(w, expectedRows(ref, search));
    expect(new URL(page.url()).searchParams.get("q")).toBe("advised");

    // Without data-deal-url, the client stays plain text and its UrlName is not asked for.
    await expect(w.bodyRows.first().getByRole("cell").nth(1).getByRole("link")).toHaveCount(0);
    const dealCalls = requests.filter((url) => url.includes("/api/default/transactions?"));
    expect(dealCalls.length).toBeGreaterThan(0);
    for (const url of dealCalls) expect(decodeURIComponent(url)).not.toContain("UrlName");

    const apiCalls = requests.filter((url) => url.includes("/api/"));
    expect(apiCalls.length).toBeGreaterThanOrEqual(3);
    for (const url of apiCalls) expect(url.startsWith(`${site}/api/default/`), url).toBe(true);
    expect(errors).toEqual([]);
  } finally {
    await host.close();
  }
});

for (const viewport of DESKTOP_AND_PHONE) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport });

    test("the embedded widget has no axe violations, loaded, filtered and sorted", async ({
      page,
      request,
      site,
    }) => {
      const descriptions = await siteDescriptions(request, site);
      const host = await serveHostPage(
        hostPage(site, '<div id="historicaltransactions"></div>', descriptions),
      );
      try {
        // The host page does not load the site's stylesheet: the widget's own styles must do.
        await page.goto(host.url);
        const ref = await reference(request, site, descriptions);
        const w = widget(page);
        await expectResults(w, ref.rows);
        expect(await axeViolations(page), "axe loaded").toEqual([]);

        const search = { text: "advised", industries: ref.groups.slice(0, 3).map((g) => g.title) };
        await searchFor(w, ref, search);
        await expectResults(w, expectedRows(ref, search));
        expect(await axeViolations(page), "axe filtered").toEqual([]);

        await w.table.getByRole("button", { name: "Client", exact: true }).click();
        await expect(w.table.getByRole("columnheader", { name: "Client" })).toHaveAttribute(
          "aria-sort",
          "ascending",
        );
        expect(await axeViolations(page), "axe sorted").toEqual([]);
      } finally {
        await host.close();
      }
    });
  });
}

/** Opens a host page, waits until the embed script and whatever it loads have settled. */
async function openSettled(page: Page, url: string, site: string) {
  const requests = recordRequests(page);
  const embed = page.waitForResponse(`${site}/embed.js`);
  await page.goto(url);
  expect((await embed).status()).toBe(200);
  await page.waitForLoadState("networkidle");
  return requests;
}

const WIDGET_TEXT = "Search Historical Transactions";

/** The site's script chunks among the requests that hold the transactions widget's code. */
async function transactionsChunks(request: APIRequestContext, site: string, urls: string[]) {
  const chunks = urls.filter(
    (url) => url.startsWith(site) && url.endsWith(".js") && !url.endsWith("/embed.js"),
  );
  const bodies = await Promise.all(chunks.map(async (url) => (await request.get(url)).text()));
  return { chunks, withWidget: chunks.filter((_, i) => bodies[i]!.includes(WIDGET_TEXT)) };
}

test("a page without the placeholder renders nothing and calls no API", async ({
  page,
  request,
  site,
}) => {
  const descriptions = await siteDescriptions(request, site);
  const host = await serveHostPage(hostPage(site, "<p>No widget here.</p>", descriptions));
  try {
    const requests = await openSettled(page, host.url, site);
    expect(requests.filter((url) => url.includes("/api/"))).toEqual([]);
    expect((await transactionsChunks(request, site, requests)).chunks).toEqual([]);
    await expect(page.getByRole("main")).toHaveText("Our adviser's deals No widget here.");
    await expect(page.locator("body > :not(main, script)")).toHaveCount(0);
  } finally {
    await host.close();
  }
});

test("a page with only the topics placeholder does not load the transactions widget", async ({
  page,
  request,
  site,
}) => {
  const host = await serveHostPage(hostPage(site, '<div id="topicsearch"></div>'));
  const withTransactions = await serveHostPage(
    hostPage(
      site,
      '<div id="historicaltransactions"></div>',
      await siteDescriptions(request, site),
    ),
  );
  try {
    // The check can fail: the transactions placeholder does load a chunk with the widget's text.
    const own = await transactionsChunks(
      request,
      site,
      await openSettled(page, withTransactions.url, site),
    );
    expect(own.withWidget.length).toBeGreaterThan(0);

    const requests = await openSettled(page, host.url, site);
    await expect(page.locator("#topicsearch > *").first()).toBeVisible();
    const topics = await transactionsChunks(request, site, requests);
    expect(topics.chunks.length).toBeGreaterThan(0);
    expect(topics.withWidget).toEqual([]);
    for (const chunk of own.withWidget) expect(requests).not.toContain(chunk);
    expect(requests.filter((url) => url.includes("/api/default/transactions"))).toEqual([]);
    expect(requests.filter((url) => url.includes("/api/default/hierarchy-taxa"))).toEqual([]);
  } finally {
    await host.close();
    await withTransactions.close();
  }
});
