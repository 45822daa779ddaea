import { button, type EnginePage, type Target, waitForTarget } from "../engine-page.ts";
import { BOTH, DESKTOP, PHONE, type Behaviour } from "../behaviour.ts";
import { expanded, focused, hasText } from "../checks.ts";
import { dropdownToggle, SEARCH_TOGGLE } from "./header.ts";
import { OPEN_MENU } from "./mobile-menu.ts";
import { ARTICLE, clearClipboard, clipboardHolds, linkSelected } from "./share.ts";

// Presses made before the page's scripts have run: through the slow-scripts proxy
// the islands hydrate 2 s after their controls show, and a press in that window must still do
// what it says. Copy link must copy within the press itself.

/** Waits for `target` to show, checks its island has not hydrated yet, and presses it. */
async function pressEarly(page: EnginePage, target: Target, selector: string) {
  await waitForTarget(page, target);
  const isEarly = await page.run(
    (css: string) => document.querySelector(css)?.closest("astro-island")?.hasAttribute("ssr"),
    selector,
  );
  if (isEarly !== true) throw new Error(`${selector} hydrated before the press: nothing proved`);
  await page.press(target);
}

export const earlyPresses: Behaviour[] = [
  {
    name: "Open menu pressed before the header hydrates opens the menu",
    widths: PHONE,
    async run(page, site) {
      await page.openEarly(`${site.slowUrl}/`);
      await pressEarly(page, { css: OPEN_MENU }, OPEN_MENU);
      await expanded(page, OPEN_MENU, true);
    },
  },
  {
    name: "a dropdown toggle pressed before the header hydrates opens its submenu",
    widths: DESKTOP,
    async run(page, site) {
      await page.openEarly(`${site.slowUrl}/`);
      await pressEarly(page, { css: dropdownToggle("Services") }, dropdownToggle("Services"));
      await expanded(page, dropdownToggle("Services"), true);
    },
  },
  {
    name: "Search pressed before the header hydrates opens the search field, focused",
    widths: DESKTOP,
    async run(page, site) {
      await page.openEarly(`${site.slowUrl}/`);
      await pressEarly(page, { css: SEARCH_TOGGLE }, SEARCH_TOGGLE);
      await expanded(page, SEARCH_TOGGLE, true);
      await focused(page, 'header input[type="search"]');
    },
  },
  {
    name: "Copy link pressed before the share block hydrates selects and copies the link",
    widths: BOTH,
    async run(page, site) {
      await clearClipboard(site.display);
      await page.openEarly(`${site.slowUrl}${ARTICLE}`);
      await page.run(() => document.querySelector(".share-block")?.scrollIntoView());
      await pressEarly(page, button("Copy link"), ".share-block__button");
      // The clipboard first, without asking the page (see share.ts): the copy must have
      // happened within the press, before the block could report it.
      const link = `${site.url}${ARTICLE}`;
      await clipboardHolds(site.display, link);
      await linkSelected(page, link);
      await hasText(page, ".share-block__status", "Link copied");
    },
  },
];
