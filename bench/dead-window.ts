import { chromium, type Locator, type Page } from "playwright-core";
import { chromiumLaunchOptions } from "../tools/chromium.ts";
import { samplePaths, startBenchServer } from "./site-server.ts";
import { type ClipboardWrite, watchClipboardWrites } from "../tools/clipboard-writes.ts";
import { hydrated, isBeforeHydration, throttle } from "../tools/slow-phone.ts";

// The dead window of each header and share control: under Lighthouse's mobile
// conditions (tools/slow-phone.ts), the time from the moment a control is visible until a press on it does what it
// says. A press (a click, or a key on the focused control) is made the moment the control shows;
// when it is honoured (within 3 s) the window is 0, else it lasts until the control's island has
// run its script.
const RUNS = 6;

interface Control {
  name: string;
  width: number;
  path: (paths: { article: string }) => string;
  control: (page: Page) => Locator;
  selector: string;
  /** The key pressed on the focused control; without one, the control is clicked. */
  key?: string;
  done: (page: Page, clipboardWrites: () => Promise<ClipboardWrite[]>) => Promise<unknown>;
}

/** The Services dropdown opened from its focused toggle by `key`, and what it must do then. */
function servicesByKey(key: string, done: Control["done"]): Control {
  return {
    name: `Services dropdown, ${key} key (1280 px)`,
    width: 1280,
    path: () => "/",
    control: (page) => page.getByRole("button", { name: "Services submenu" }),
    selector: ".dropdown-nav__toggle",
    key,
    done,
  };
}

const servicesOpened: Control["done"] = (page) =>
  page.locator('.dropdown-nav__toggle[aria-expanded="true"]').first().waitFor({ timeout: 3000 });

const CONTROLS: Control[] = [
  {
    name: "Open menu (390 px)",
    width: 390,
    path: () => "/",
    control: (page) => page.getByRole("button", { name: "Open menu" }),
    selector: ".mobile-menu__open",
    done: (page) => page.getByRole("dialog", { name: "Menu" }).waitFor({ timeout: 3000 }),
  },
  {
    name: "Services dropdown (1280 px)",
    width: 1280,
    path: () => "/",
    control: (page) => page.getByRole("button", { name: "Services submenu" }),
    selector: ".dropdown-nav__toggle",
    done: servicesOpened,
  },
  // Down opens the panel and moves focus to its first link; Enter and Space act as a click.
  servicesByKey("ArrowDown", (page) =>
    page.waitForFunction(
      () => document.activeElement?.closest(".dropdown-nav__panel:not([hidden])"),
      undefined,
      { timeout: 3000 },
    ),
  ),
  servicesByKey("Enter", servicesOpened),
  servicesByKey("Space", servicesOpened),
  {
    name: "Search (1280 px)",
    width: 1280,
    path: () => "/",
    control: (page) => page.locator(".search-bar__toggle"),
    selector: ".search-bar__toggle",
    done: (page) => page.locator(".search-bar__panel:not([hidden])").waitFor({ timeout: 3000 }),
  },
  {
    name: "Copy link, scrolled into view (1280 px)",
    width: 1280,
    path: ({ article }) => article,
    control: (page) => page.getByRole("button", { name: "Copy link" }),
    selector: ".share-block__button",
    // The link selected, and copied during the press itself (not replayed after hydration).
    done: async (page, clipboardWrites) => {
      await page.getByText("Link copied").waitFor({ timeout: 3000 });
      const selected = await page.evaluate(() => {
        const field = document.activeElement;
        return field instanceof HTMLInputElement &&
          field.selectionStart === 0 &&
          field.selectionEnd === field.value.length
          ? field.value
          : null;
      });
      const writes = await clipboardWrites();
      if (!selected || writes.length !== 1 || writes[0]?.text !== selected || !writes[0].inPress)
        throw new Error("the link was not selected and copied within the press");
    },
  },
];

export async function benchDeadWindow(): Promise<string[]> {
  const server = await startBenchServer();
  const browser = await chromium.launch(chromiumLaunchOptions());
  const lines: string[] = [];
  try {
    const paths = await samplePaths(server.url);
    for (const c of CONTROLS) {
      // The window of each lost press: from the moment the control showed until its script ran.
      const lost: number[] = [];
      let early = 0;
      for (let run = 0; run < RUNS; run++) {
        const context = await browser.newContext({ viewport: { width: c.width, height: 900 } });
        const page = await context.newPage();
        const clipboardWrites = await watchClipboardWrites(page, server.url);
        await throttle(context, page);
        const started = Date.now();
        await page.goto(`${server.url}${c.path(paths)}`, { waitUntil: "commit" });
        const control = c.control(page);
        await control.waitFor({ state: "attached" });
        await control.scrollIntoViewIfNeeded();
        const visible = Date.now() - started;
        if (await isBeforeHydration(page, c.selector)) early++;
        // Watched from now, so that a lost press's window ends when the script ran, not when
        // the 3 s wait for the press to be honoured ran out.
        const ready = hydrated(page, c.selector).then(
          () => Date.now() - started,
          () => Number.NaN, // the page closed first: the press was honoured
        );
        if (c.key) {
          await control.focus();
          await control.press(c.key);
        } else await control.click();
        const honoured = await c.done(page, clipboardWrites).then(
          () => true,
          () => false,
        );
        if (!honoured) lost.push(Math.max(0, (await ready) - visible));
        await context.close();
      }
      const worst = Math.max(0, ...lost);
      lines.push(
        `${c.name}: a press at first sight (${early}/${RUNS} before the script ran) honoured ` +
          `${RUNS - lost.length}/${RUNS}; dead window ${worst} ms ` +
          `(budget 0 ms) ${lost.length === 0 ? "PASS" : "FAIL"}`,
      );
    }
  } finally {
    await browser.close();
    await server.close();
  }
  return lines;
}
