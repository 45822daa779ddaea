import { type EnginePage, waitFor } from "./engine-page.ts";

// Waits for what a visitor would see, shared by the behaviours. Each function handed to
// waitFor runs in the page, so it is self-contained and takes CSS selectors.

/** Waits until the island holding `selector` has run its script (Astro drops `ssr` then). */
export function hydrated(page: EnginePage, selector: string) {
  return waitFor(
    page,
    `${selector} hydrated`,
    (css: string) => {
      const island = document.querySelector(css)?.closest("astro-island");
      return island ? !island.hasAttribute("ssr") : `no island holds ${css}`;
    },
    selector,
  );
}

/** Waits until the toggle says open or closed and its panel (aria-controls) shows or hides. */
export function expanded(page: EnginePage, toggle: string, isOpen: boolean) {
  return waitFor(
    page,
    `${toggle} ${isOpen ? "open" : "closed"}`,
    (css: string, open: boolean) => {
      const button = document.querySelector(css);
      const panel = document.getElementById(button?.getAttribute("aria-controls") ?? "");
      if (!button || !panel) return `no ${css} or no panel`;
      const shows = !panel.hidden && panel.getClientRects().length > 0;
      return button.getAttribute("aria-expanded") === String(open) && shows === open
        ? true
        : `aria-expanded=${button.getAttribute("aria-expanded")}, panel shows: ${shows}`;
    },
    toggle,
    isOpen,
  );
}

/** Waits until the element `selector` finds has focus. */
export function focused(page: EnginePage, selector: string) {
  return waitFor(
    page,
    `${selector} focused`,
    (css: string) =>
      document.activeElement === document.querySelector(css) ||
      `focus is on ${document.activeElement?.outerHTML.slice(0, 120)}`,
    selector,
  );
}

/** Waits until the text of `selector` (white space folded) is `text`. */
export function hasText(page: EnginePage, selector: string, text: string) {
  return waitFor(
    page,
    `${selector} says "${text}"`,
    (css: string, expected: string) => {
      const shown = (document.querySelector(css)?.textContent ?? "").replace(/\s+/g, " ").trim();
      return shown === expected || shown;
    },
    selector,
    text,
  );
}

/** Waits until `selector` matches nothing. */
export function gone(page: EnginePage, selector: string) {
  return waitFor(
    page,
    `${selector} gone`,
    (css: string) => document.querySelector(css) === null,
    selector,
  );
}
