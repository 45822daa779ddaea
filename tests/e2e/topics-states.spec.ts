import type { Page, Route } from "@playwright/test";
import { DESKTOP_AND_PHONE, expect, nextFrames, test } from "./fixtures.ts";
import { recordLayoutShifts } from "./layout-shift.ts";

// Topics A – Z while its API call is slow or fails: a loading line, an error that says why,
// "Try again" that recovers, and no layout shift when the topics arrive.

const FLAT_TAXA = "**/api/default/flat-taxa*";
const widgetOf = (page: Page) => page.getByRole("region", { name: "Topics A - Z" });

/** Holds the topics call until `release()` is called; then lets it through to the site. */
async function holdTopics(page: Page) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(FLAT_TAXA, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

test("shows a loading line until the topics arrive", async ({ page, site }) => {
  const release = await holdTopics(page);
  await page.goto(`${site}/topics`);
  const widget = widgetOf(page);
  await expect(widget.getByRole("status")).toHaveText("Loading topics…");
  await expect(widget.getByRole("toolbar")).toHaveCount(0);
  release();
  await expect(widget.getByRole("toolbar", { name: "Topics by letter" })).toBeVisible();
  await expect(widget.getByRole("status")).toHaveText(/ under A$/);
});

/** A failing answer for the topics call, and what the error must tell the visitor. */
const failures: { name: string; fail: (route: Route) => Promise<void>; says?: string }[] = [
  { name: "the network fails", fail: (route) => route.abort("connectionrefused") },
  {
    name: "the server answers 500 with an HTML page",
    fail: (route) =>
      route.fulfill({
        status: 500,
        contentType: "text/html",
        body: "<!doctype html><h1>Internal Server Error</h1>",
      }),
    says: "500",
  },
  {
    name: "the body is malformed JSON",
    fail: (route) =>
      route.fulfill({ status: 200, contentType: "application/json", body: '{"value": [' }),
  },
  {
    name: 'the body is an OData {"error": …}',
    fail: (route) =>
      route.fulfill({
        status: 400,
        json: { error: { code: "BadRequest", message: "The taxonomy store is offline" } },
      }),
    says: "The taxonomy store is offline",
  },
  {
    name: 'the body is a Sitefinity {"Message": …}',
    fail: (route) =>
      route.fulfill({ status: 200, json: { Message: "Web service is not enabled" } }),
    says: "Web service is not enabled",
  },
];

for (const { name, fail, says } of failures) {
  test(`when ${name}, says the topics could not be loaded and Try again recovers`, async ({
    page,
    site,
  }) => {
    let failing = true;
    await page.route(FLAT_TAXA, (route) => (failing ? fail(route) : route.continue()));
    await page.goto(`${site}/topics#b`);
    const widget = widgetOf(page);
    const alert = widget.getByRole("alert");
    await expect(alert).toContainText("Topics could not be loaded.");
    if (says) await expect(alert).toContainText(says);
    await expect(widget.getByRole("toolbar")).toHaveCount(0);

    failing = false;
    await widget.getByRole("button", { name: "Try again" }).click();
    await expect(widget.getByRole("toolbar", { name: "Topics by letter" })).toBeVisible();
    await expect(alert).toHaveCount(0);
    await expect(widget.getByRole("status")).toHaveText(/ under B$/);
    await expect(widget.getByRole("list", { name: "B" }).getByRole("link").first()).toBeVisible();
  });
}

test("a failure again after Try again shows the error again", async ({ page, site }) => {
  let calls = 0;
  await page.route(FLAT_TAXA, (route) => {
    calls += 1;
    return route.fulfill({ status: 503, json: { error: { message: `outage ${calls}` } } });
  });
  await page.goto(`${site}/topics`);
  const alert = widgetOf(page).getByRole("alert");
  await expect(alert).toContainText("outage 1");
  await widgetOf(page).getByRole("button", { name: "Try again" }).click();
  await expect(alert).toContainText("outage 2");
});

test("an API that never answers ends in an error within the client's 15 s timeout", async ({
  page,
  site,
}) => {
  test.setTimeout(45_000);
  await page.route(FLAT_TAXA, () => undefined);
  const started = Date.now();
  await page.goto(`${site}/topics#b`);
  const widget = widgetOf(page);
  await expect(widget.getByRole("status")).toHaveText("Loading topics…");
  const alert = widget.getByRole("alert");
  await expect(alert).toBeVisible({ timeout: 20_000 });
  expect(Date.now() - started).toBeGreaterThan(14_000);
  await expect(alert).toHaveText("Topics could not be loaded. The server took too long to answer.");
  await expect(widget.getByRole("toolbar")).toHaveCount(0);

  await page.unrouteAll({ behavior: "ignoreErrors" });
  await widget.getByRole("button", { name: "Try again" }).click();
  await expect(widget.getByRole("toolbar", { name: "Topics by letter" })).toBeVisible();
  await expect(alert).toHaveCount(0);
  await expect(widget.getByRole("status")).toHaveText(/ under B$/);
  await expect(widget.getByRole("list", { name: "B" }).getByRole("link").first()).toBeVisible();
});

for (const viewport of DESKTOP_AND_PHONE) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport });

    test("the page does not shift when the topics replace the loading state", async ({
      page,
      site,
    }) => {
      const layoutShift = await recordLayoutShifts(page);
      const release = await holdTopics(page);
      await page.goto(`${site}/topics`);
      await expect(widgetOf(page).getByRole("status")).toHaveText("Loading topics…");
      // Let the loading state paint before the topics arrive, as on a slow connection.
      await page.evaluate(
        () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
      );
      release();
      await expect(widgetOf(page).getByRole("toolbar")).toBeVisible();
      await nextFrames(page); // what the topics' first frame shifted is recorded by now
      expect(await layoutShift.total()).toBeLessThan(0.02);
    });
  });
}
