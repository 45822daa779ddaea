import { button, shows } from "../engine-page.ts";
import { BOTH, DESKTOP, type Behaviour } from "../behaviour.ts";
import { expanded, focused, gone, hydrated } from "../checks.ts";

// The header's dropdowns, search bar and the alert (SPEC §2.1, 2.3, 2.4).

export const dropdownToggle = (section: string) =>
  `nav.dropdown-nav button[aria-label="${section} submenu"]`;
export const SEARCH_TOGGLE = "header .search-bar__toggle";

export const header: Behaviour[] = [
  {
    name: "a dropdown opens on a click, one at a time, and closes on a second click",
    widths: DESKTOP,
    async run(page, site) {
      await page.open(`${site.url}/about/contact`);
      await hydrated(page, "header.site-header");
      await page.press({ css: dropdownToggle("Services") });
      await expanded(page, dropdownToggle("Services"), true);
      await page.press({ css: dropdownToggle("About") });
      await expanded(page, dropdownToggle("About"), true);
      await expanded(page, dropdownToggle("Services"), false);
      await page.press({ css: dropdownToggle("About") });
      await expanded(page, dropdownToggle("About"), false);
    },
  },
  {
    name: "the Down key opens a dropdown on its first link; Escape closes it, back on its toggle",
    widths: DESKTOP,
    async run(page, site) {
      await page.open(`${site.url}/about/contact`);
      await hydrated(page, "header.site-header");
      const toggle = dropdownToggle("Insights");
      const panel = await page.run(
        (css: string) => document.querySelector(css)?.getAttribute("aria-controls"),
        toggle,
      );
      await page.run((css: string) => document.querySelector<HTMLElement>(css)?.focus(), toggle);
      await page.key("ArrowDown");
      await expanded(page, toggle, true);
      await focused(page, `[id="${panel}"] a`);
      await page.key("Escape");
      await expanded(page, toggle, false);
      await focused(page, toggle);
    },
  },
  {
    name: "opening a dropdown closes the open search bar",
    widths: DESKTOP,
    async run(page, site) {
      await page.open(`${site.url}/about/contact`);
      await hydrated(page, "header.site-header");
      await page.press({ css: SEARCH_TOGGLE });
      await expanded(page, SEARCH_TOGGLE, true);
      await page.press({ css: dropdownToggle("Services") });
      await expanded(page, dropdownToggle("Services"), true);
      await expanded(page, SEARCH_TOGGLE, false);
    },
  },
  {
    name: "the search bar opens with focus in its field, and its toggle closes it",
    widths: BOTH,
    async run(page, site) {
      await page.open(`${site.url}/about/contact`);
      await hydrated(page, "header.site-header");
      await page.press({ css: SEARCH_TOGGLE });
      await expanded(page, SEARCH_TOGGLE, true);
      const panel = await page.run(
        (css: string) => document.querySelector(css)?.getAttribute("aria-controls"),
        SEARCH_TOGGLE,
      );
      await focused(page, `[id="${panel}"] input[type="search"]`);
      await page.press({ css: SEARCH_TOGGLE });
      await expanded(page, SEARCH_TOGGLE, false);
    },
  },
  {
    name: "Close alert removes the alert, and it stays away on the next page",
    widths: BOTH,
    async run(page, site) {
      await page.open(`${site.url}/`);
      await hydrated(page, ".alert-banner");
      await page.press(button("Close alert"));
      await gone(page, ".alert-banner");
      await page.open(`${site.url}/about/contact`);
      await hydrated(page, "header.site-header");
      if (await shows(page, { css: ".alert-banner" }))
        throw new Error("the dismissed alert shows again on the next page");
    },
  },
];
