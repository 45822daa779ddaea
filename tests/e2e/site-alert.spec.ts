import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Page } from "@playwright/test";
import { runScriptAsync } from "../../tools/run-script.ts";
import { startServer } from "../../tools/server-process.ts";
import { currentAlert } from "../../src/rules/site-alert.ts";
import { demoContent, expect, expectHydrated, gotoReady, tabTo, test } from "./fixtures.ts";

// The site-wide alert banner: "Close alert" dismisses this alert (by id) for later pages too.
const alert = currentAlert(demoContent().alerts)!;
const banner = (page: Page) => page.getByRole("region", { name: "Alert" });

/** Stops the pages' own scripts (the islands' code), leaving only inline and pre-paint scripts. */
async function blockIslandScripts(page: Page) {
  await page.route(/\/_astro\/.+\.js(\?.*)?$/, (route) => route.abort());
}

test.describe("alert banner", { tag: "@mobile" }, () => {
  test("shows the alert's message and link on every page until closed", async ({ page }) => {
    for (const path of ["/", "/topics"]) {
      await gotoReady(page, path);
      await expect(banner(page)).toContainText(alert.message);
      await expect(banner(page).getByRole("link", { name: alert.link!.title })).toHaveAttribute(
        "href",
        alert.link!.url,
      );
    }
  });

  test("Close alert removes it, and it stays dismissed on later pages", async ({ page }) => {
    await gotoReady(page, "/");
    await expectHydrated(banner(page));
    await banner(page).getByRole("button", { name: "Close alert" }).click();
    await expect(banner(page)).toHaveCount(0);
    await page.reload();
    await expect(banner(page)).toBeHidden();
    await expectHydrated(page.locator("header.site-header"));
    await expect(banner(page)).toHaveCount(0);
    await gotoReady(page, "/about/contact");
    await expect(banner(page)).toHaveCount(0);
  });

  test("closes from the keyboard, and focus goes on to the main content", async ({ page }) => {
    await gotoReady(page, "/");
    await expectHydrated(banner(page));
    await tabTo(page, banner(page).getByRole("button", { name: "Close alert" }));
    await page.keyboard.press("Enter");
    await expect(banner(page)).toHaveCount(0);
    await expect(page.locator("main")).toBeFocused();
    await page.keyboard.press("Tab");
    expect(
      await page.evaluate(() => document.querySelector("main")!.contains(document.activeElement)),
    ).toBe(true);
  });

  test("a dismissed alert does not flash on the next page before its script runs", async ({
    page,
    site,
  }) => {
    await gotoReady(page, "/");
    await banner(page).getByRole("button", { name: "Close alert" }).click();
    await expect(banner(page)).toHaveCount(0);
    // With the islands' code blocked the banner stays as the server sent it: only the
    // pre-paint check can hide it, so it is hidden from the first paint on.
    await blockIslandScripts(page);
    await page.goto(`${site}/topics`);
    await expect(banner(page).or(page.getByText(alert.message))).toBeHidden();
    await expect(page.locator(".alert-banner")).toHaveCount(1);
  });

  test("an alert never dismissed shows before its script runs", async ({ page, site }) => {
    await blockIslandScripts(page);
    await page.goto(`${site}/topics`);
    await expect(banner(page)).toBeVisible();
    await expect(banner(page)).toContainText(alert.message);
  });

  test("a new alert shows even after an earlier one was dismissed", async ({ page, site }) => {
    await page.addInitScript(() => localStorage.setItem("alert-dismissed:an-earlier-alert", "1"));
    await page.goto(`${site}/`);
    await expectHydrated(banner(page));
    await expect(banner(page)).toBeVisible();
    await expect(banner(page)).toHaveAttribute("data-alert-id", alert.id);
    await expect(banner(page)).toContainText(alert.message);
  });
});

test("an alert changed by an import shows again to a visitor who dismissed it", async ({
  page,
}) => {
  test.setTimeout(60_000);
  const dir = mkdtempSync(join(tmpdir(), "site-alert-"));
  const DATABASE_URL = `file:${join(dir, "site.db")}`;
  const content = demoContent();
  const server = await startServer({ DATABASE_URL, SEED_DEMO: "true" });
  try {
    await page.goto(`${server.url}/`);
    await expectHydrated(banner(page));
    await banner(page).getByRole("button", { name: "Close alert" }).click();
    await expect(banner(page)).toHaveCount(0);

    // The same alert (its Id), edited: a new text and a new LastModified.
    const [shown, ...others] = content.alerts;
    const edited = {
      ...shown!,
      Title: "We have opened an office in Madrid.",
      LastModified: "2026-11-27T08:00:00Z",
      LinkTitle: undefined,
      LinkUrl: undefined,
    };
    const next = currentAlert([edited, ...others])!;
    const file = join(dir, "next.json");
    writeFileSync(file, JSON.stringify({ ...content, alerts: [edited, ...others] }));
    const imported = await runScriptAsync("content-import.ts", [file], { DATABASE_URL });
    expect(imported.status, imported.stderr).toBe(0);

    // The running server notices the import within a second or so.
    await expect
      .poll(async () => {
        await page.reload();
        return page.getByText(next.message).isVisible();
      })
      .toBe(true);
    await expectHydrated(banner(page));
    await expect(banner(page)).toHaveAttribute("data-alert-id", next.id);
    await expect(banner(page)).toBeVisible();
  } finally {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
});
