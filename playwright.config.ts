import { defineConfig, devices } from "@playwright/test";
import { chromiumLaunchOptions } from "./tools/chromium.ts";

// End-to-end tests drive the Chromium that tools/chromium.ts picks (Playwright cannot download
// browsers here).
// tests/e2e/global-setup.ts starts the built site on a free port with a fresh demo database.
const launchOptions = chromiumLaunchOptions();

export default defineConfig({
  testDir: "tests/e2e",
  globalSetup: "./tests/e2e/global-setup.ts",
  fullyParallel: true,
  workers: 2,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: process.env.CI ? [["list"]] : [["list"]],
  use: { launchOptions, trace: "off" },
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
