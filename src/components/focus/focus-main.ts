/** The layout's main landmark (BaseLayout.astro: `<main id="main" tabindex="-1">`), the skip link's target. */
const MAIN_ID = "main";

/**
 * Moves focus to the main content, for when the control that had it disappears (a closed
 * alert, a menu button hidden at desktop width): focus left on the body would send the next
 * Tab back to the top of the page.
 */
export function focusMainContent(): void {
  document.getElementById(MAIN_ID)?.focus({ preventScroll: true });
}
