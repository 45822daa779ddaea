import type { BrowserContext, Page } from "playwright-core";

// Lighthouse's mobile conditions (4× slower CPU, 150 ms round trip, 1.6 Mbit/s down,
// 750 kbit/s up), to see the site as a visitor on a slow phone does.
export const SLOW_PHONE = {
  cpuSlowdown: 4,
  latencyMs: 150,
  downloadBytesPerSecond: (1.6 * 1024 * 1024) / 8,
  uploadBytesPerSecond: (750 * 1024) / 8,
};

/** Puts a page under the slow-phone conditions (Chromium's DevTools protocol). */
export async function throttle(context: BrowserContext, page: Page): Promise<void> {
  const cdp = await context.newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: SLOW_PHONE.cpuSlowdown });
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: SLOW_PHONE.latencyMs,
    downloadThroughput: SLOW_PHONE.downloadBytesPerSecond,
    uploadThroughput: SLOW_PHONE.uploadBytesPerSecond,
  });
}

/** Whether the island that holds `selector` has yet to run its script (Astro marks it `ssr`). */
export function isBeforeHydration(page: Page, selector: string): Promise<boolean> {
  return page.evaluate(
    (s) => document.querySelector(s)?.closest("astro-island")?.hasAttribute("ssr") ?? false,
    selector,
  );
}

/** Resolves once the island that holds `selector` has run its script. */
export async function hydrated(page: Page, selector: string): Promise<void> {
  await page.waitForFunction(
    (s) => !document.querySelector(s)?.closest("astro-island")?.hasAttribute("ssr"),
    selector,
  );
}
