import { generateContent } from "../../../src/db/demo/generate.ts";
import { articlePath } from "../../../src/rules/site-paths.ts";
import { button, type EnginePage, waitFor } from "../engine-page.ts";
import { BOTH, type Behaviour } from "../behaviour.ts";
import { hasText, hydrated } from "../checks.ts";
import type { XDisplay } from "../x-display.ts";

// The share block (SPEC §2.5): Copy link selects the link field and copies the link; Print
// opens the print dialog. The copy is read back from the X clipboard, as another program
// would paste it: the page itself is not asked (in Firefox, asking it counts as a press).

/** An article of the demo content, as its share block's link names it. */
export const ARTICLE = articlePath(generateContent().articles[0]!.UrlName);
const NOTHING_COPIED = "test:engines: nothing copied yet";

/** Empties the clipboard of anything a copy could be mistaken for. */
export const clearClipboard = (display: XDisplay) => display.setClipboard(NOTHING_COPIED);

/** Waits until the X clipboard holds `text`. */
export async function clipboardHolds(display: XDisplay, text: string) {
  const deadline = Date.now() + 5000;
  let held = await display.readClipboard();
  while (held !== text) {
    if (Date.now() > deadline) throw new Error(`the clipboard holds "${held}", not "${text}"`);
    await new Promise((resolve) => setTimeout(resolve, 50));
    held = await display.readClipboard();
  }
}

/** Waits until the link field has focus (so its selection shows) with all of `url` selected. */
export function linkSelected(page: EnginePage, url: string) {
  return waitFor(
    page,
    "the whole link selected in its field",
    (expected: string) => {
      const field = document.activeElement;
      if (!(field instanceof HTMLInputElement)) return `focus on ${field?.tagName}`;
      const selected = field.value.slice(field.selectionStart ?? 0, field.selectionEnd ?? 0);
      return selected === expected || `selected: "${selected}"`;
    },
    url,
  );
}

export const share: Behaviour[] = [
  {
    name: "Copy link selects the whole link in its field and copies it",
    widths: BOTH,
    async run(page, site) {
      await clearClipboard(site.display);
      await page.open(`${site.url}${ARTICLE}`);
      await page.run(() => document.querySelector(".share-block")?.scrollIntoView());
      await hydrated(page, ".share-block__button");
      await page.press(button("Copy link"));
      await hasText(page, ".share-block__status", "Link copied");
      await clipboardHolds(site.display, `${site.url}${ARTICLE}`);
      await linkSelected(page, `${site.url}${ARTICLE}`);
    },
  },
  {
    name: "Print opens the browser's print dialog",
    widths: BOTH,
    async run(page, site) {
      await page.open(`${site.url}${ARTICLE}`);
      // The dialog itself would stop the browser; a stand-in records the call instead.
      await page.run(() => {
        window.print = () => document.body.setAttribute("data-printed", "yes");
      });
      await page.run(() => document.querySelector(".share-block")?.scrollIntoView());
      await hydrated(page, ".share-block__button");
      await page.press(button("Print"));
      await waitFor(page, "print called", () => document.body.dataset.printed === "yes");
    },
  },
];
