/**
 * How this project launches Debian's Chromium (Playwright cannot download browsers here):
 * headless-friendly flags, and none of Chromium's background network traffic.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--no-first-run",
  "--disable-quic",
  "--disable-sync",
];

/** Launch options for Playwright's chromium.launch() and playwright.config.ts. */
export const CHROMIUM_LAUNCH = { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS };
