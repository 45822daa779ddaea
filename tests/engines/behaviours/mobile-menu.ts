import { button, type EnginePage, waitFor } from "../engine-page.ts";
import { PHONE, type Behaviour } from "../behaviour.ts";
import { expanded, focused, hydrated } from "../checks.ts";
import { ARTICLE } from "./share.ts";

// The mobile menu (SPEC §2.2): a dimmed backdrop, no page scrolling while open, the utility
// navigation inside, submenus one at a time, and three ways to close it.

export const OPEN_MENU = 'button[aria-label="Open menu"]';
const mobileToggle = (section: string) => `nav.mobile-nav button[aria-label="${section} submenu"]`;

/**
 * Opens the menu and waits for it to show, with its backdrop, the page fixed behind it, and its
 * slide-in over: a press during it can land on the backdrop, where the panel was a frame before.
 */
async function openMenu(page: EnginePage) {
  await page.press({ css: OPEN_MENU });
  await expanded(page, OPEN_MENU, true);
  await waitFor(page, "the menu over a dimmed backdrop, the page fixed", () => {
    const dialog = document.querySelector('[role="dialog"]');
    const backdrop = document.getElementById("mobile-menu-backdrop");
    const shows = (e: Element | null) => !!e && e.getClientRects().length > 0;
    const moving = document.getAnimations().filter((a) => a.playState === "running").length;
    return (
      (shows(dialog) &&
        shows(backdrop) &&
        getComputedStyle(document.body).position === "fixed" &&
        moving === 0) ||
      `dialog ${shows(dialog)}, backdrop ${shows(backdrop)}, body ${getComputedStyle(document.body).position}, ${moving} animations running`
    );
  });
}

/** Waits until the menu is closed, focus back on Open menu and the page free to scroll. */
async function expectClosed(page: EnginePage) {
  await expanded(page, OPEN_MENU, false);
  await focused(page, OPEN_MENU);
  await waitFor(
    page,
    "the page scrolls again",
    () => getComputedStyle(document.body).position !== "fixed",
  );
}

export const mobileMenu: Behaviour[] = [
  {
    name: "the menu opens over a dimmed backdrop and the page behind it does not scroll",
    widths: PHONE,
    async run(page, site) {
      await page.open(`${site.url}${ARTICLE}`);
      await hydrated(page, "header.site-header");
      const canScroll = await page.run(
        () => document.documentElement.scrollHeight > innerHeight + 200,
      );
      if (!canScroll) throw new Error("the article is too short to show a scroll lock");
      await openMenu(page);
      const scrolled = await page.run(() => {
        const before = document.querySelector("main")!.getBoundingClientRect().top;
        window.scrollBy({ top: 400, behavior: "instant" });
        document.scrollingElement?.scrollTo({ top: 1500, behavior: "instant" });
        return document.querySelector("main")!.getBoundingClientRect().top - before;
      });
      if (scrolled !== 0) throw new Error(`the page moved ${scrolled} px behind the open menu`);
      const utility = await page.run(() =>
        [...document.querySelectorAll<HTMLElement>(".mobile-menu__utility a")]
          .filter((a) => a.getClientRects().length > 0)
          .map((a) => a.textContent?.trim()),
      );
      if (utility.length === 0) throw new Error("no utility links in the open menu");
    },
  },
  {
    name: "Close menu, Escape and a press on the backdrop each close the menu",
    widths: PHONE,
    async run(page, site) {
      await page.open(`${site.url}/about`);
      await hydrated(page, "header.site-header");
      await openMenu(page);
      await page.press(button("Close menu"));
      await expectClosed(page);
      await openMenu(page);
      await page.key("Escape");
      await expectClosed(page);
      await openMenu(page);
      // The panel covers the right of the window; the backdrop shows at its left edge.
      await page.pressAt(10, 400);
      await expectClosed(page);
    },
  },
  {
    name: "the menu's submenus open one at a time",
    widths: PHONE,
    async run(page, site) {
      await page.open(`${site.url}/about`);
      await hydrated(page, "header.site-header");
      await openMenu(page);
      await page.press({ css: mobileToggle("Services") });
      await expanded(page, mobileToggle("Services"), true);
      await page.press({ css: mobileToggle("About") });
      await expanded(page, mobileToggle("About"), true);
      await expanded(page, mobileToggle("Services"), false);
      await page.press({ css: mobileToggle("About") });
      await expanded(page, mobileToggle("About"), false);
    },
  },
];
