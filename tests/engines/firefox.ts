import puppeteer, { type Browser, type ElementHandle, type Page } from "puppeteer-core";
import {
  type Box,
  findTarget,
  type EnginePage,
  type Key,
  type Target,
  waitForTarget,
} from "./engine-page.ts";
import type { Engine } from "./engines.ts";
import type { XDisplay } from "./x-display.ts";

/**
 * Firefox (Debian's firefox-esr) driven by puppeteer-core over WebDriver BiDi, which Firefox
 * speaks itself (no geckodriver). Playwright's own BiDi route was tried and refused this
 * Firefox: it asks for commands ESR 153 lacks (`emulation.setMediaFeaturesOverride`).
 */
export async function launchFirefox(executablePath: string, display: XDisplay): Promise<Engine> {
  const browser = await puppeteer.launch({
    browser: "firefox",
    executablePath,
    // Headed on our own X display, so that a copy lands on the X clipboard (see x-display.ts).
    headless: false,
    env: { ...process.env, DISPLAY: display.name },
    extraPrefsFirefox: {
      // A press lets a page write the clipboard for 5 s in Firefox, 1 s in WebKit; the stricter
      // rule here too, so a copy that waits for hydration fails in both. (puppeteer grants an
      // activation with each evaluation, so behaviours read the X clipboard, not the page,
      // while they wait for a copy.)
      "dom.user_activation.transient.timeout": 1000, // ms
    },
  });
  return {
    name: "Firefox",
    version: (await browser.version()).replace("firefox/", ""),
    open: (width, height) => openPage(browser, width, height),
    close: () => browser.close(),
  };
}

const KEYS = {
  Enter: "Enter",
  Escape: "Escape",
  ArrowDown: "ArrowDown",
  ArrowUp: "ArrowUp",
  Tab: "Tab",
  Space: "Space",
} as const satisfies Record<Key, string>;

/** Runs in the page: where the element is. */
function boxOf(element: Node): Box {
  const { x, y, width, height } = (element as Element).getBoundingClientRect();
  return { x, y, width, height };
}

/** A page in a fresh browsing context (no storage from other behaviours) at this size. */
async function openPage(browser: Browser, width: number, height: number): Promise<EnginePage> {
  const context = await browser.createBrowserContext();
  const page: Page = await context.newPage();
  await page.setViewport({ width, height });
  const enginePage: EnginePage = {
    engine: "Firefox",
    width,
    async open(url) {
      await page.goto(url, { waitUntil: "load" });
    },
    async openEarly(url) {
      await page.goto(url, { waitUntil: "domcontentloaded" });
    },
    async box(target: Target) {
      const handle = await page.evaluateHandle(findTarget, target);
      const element = handle.asElement();
      const box = element ? await element.evaluate(boxOf) : null;
      await handle.dispose();
      return box;
    },
    async press(target) {
      await waitForTarget(enginePage, target);
      const handle = await page.evaluateHandle(findTarget, target);
      const element = handle.asElement() as ElementHandle<Element> | null;
      if (!element) throw new Error(`Firefox: no element for ${JSON.stringify(target)}`);
      await element.click();
      await handle.dispose();
    },
    async pressAt(x, y) {
      await page.mouse.click(x, y);
    },
    async key(key) {
      await page.keyboard.press(KEYS[key]);
    },
    async type(text) {
      await page.keyboard.type(text);
    },
    async run(fn, ...args) {
      // puppeteer's typing of arguments (handles unwrapped) is wider than ours: JSON only.
      return page.evaluate(fn as (...a: unknown[]) => unknown, ...args) as never;
    },
    close: () => context.close(),
  };
  return enginePage;
}
