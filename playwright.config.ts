import { defineConfig, devices } from "@playwright/test";
import { chromiumLaunchOptions } from "./tools/chromium.ts";

// End-to-end tests drive the Chromium that tools/chromium.ts picks (Playwright cannot download
// browsers here).
// tests/e2e/global-setup.ts starts the built site on a free port with a fresh demo database.
const launchOptions = chromiumLaunchOptions();

// The run on PostgreSQL (npm run test:e2e:pg) repeats only the specs whose behaviour depends on
// the database: pages, search, the API, imports, the sync, topics and transactions. The header,
// the alert, the share block and the widgets' own states behave the same on either.
const DATABASE_SPECS = [
  "site-pages",
  "industry-hubs",
  "people",
  "track-record",
  "site-search",
  "site-search-kinds",
  "deal-pages",
  "feeds",
  "site-topics",
  "http",
  "sitefinity-sdk",
  "sitefinity-sync",
  "hostile-content",
  "topics-agree",
  "topics-letters",
  "transactions-table",
  "transactions-filters",
];
const isPostgres = process.env.E2E_DATABASE === "postgres";

export default defineConfig({
  testDir: "tests/e2e",
  testMatch: isPostgres ? DATABASE_SPECS.map((name) => `${name}.spec.ts`) : undefined,
  globalSetup: "./tests/e2e/global-setup.ts",
  fullyParallel: true,
  workers: 2,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: process.env.CI ? [["list"]] : [["list"]],
  use: { launchOptions, trace: "off" },
  // The visual baselines (tests/e2e/visual.spec.ts) are the screenshots docs/ shows: one set of
  // every page type at 375, 768 and 1280 px, kept on purpose and updated with the design.
  snapshotPathTemplate: "docs/screenshots/{arg}{ext}",
  // Tags: untagged tests run at desktop size only; "@mobile" runs at both sizes; "@mobile-only"
  // (the mobile menu, below the 64rem breakpoint) only in the mobile project.
  projects: [
    {
      name: "desktop",
      use: { ...devices["Desktop Chrome"], viewport: { width: 1280, height: 900 }, launchOptions },
      grepInvert: /@mobile-only/,
    },
    { name: "mobile", use: { ...devices["Pixel 7"], launchOptions }, grep: /@mobile/ },
  ],
});
