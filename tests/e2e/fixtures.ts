import AxeBuilder from "@axe-core/playwright";
import { test as base, expect, type Locator, type Page } from "@playwright/test";
import type { ContentFile } from "../../src/content/content-file.ts";
import { generateContent } from "../../src/db/demo/generate.ts";

/** The running site's address (set by global-setup). */
export const baseUrl = () => {
  const url = process.env.BASE_URL;
  if (!url) throw new Error("BASE_URL is not set: run through playwright.config.ts");
  return url;
};

/**
 * The rules axe runs everywhere: WCAG 2.2 A and AA, axe's best practices, and its experimental
 * rules (Label in Name, `label-content-name-mismatch`, is one of them in this axe).
 */
export const AXE_TAGS = [
  "wcag2a",
  "wcag2aa",
  "wcag21a",
  "wcag21aa",
  "wcag22a",
  "wcag22aa",
  "best-practice",
  "experimental",
];

/** axe-core over the page as it is now, with AXE_TAGS; returns the violations. */
export async function axeViolations(page: Page, { exclude = [] }: { exclude?: string[] } = {}) {
  // Legacy mode runs axe in the page itself: our pages have no cross-origin frames, and the
  // default mode opens an extra page per run, which doubles the time of the suite's many runs.
  // options() replaces every option set before it, the tags too, so it comes first. Only
  // violations are read: not building the passes and incomplete lists saves a fifth.
  let builder = new AxeBuilder({ page })
    .setLegacyMode(true)
    .options({ resultTypes: ["violations"] })
    .withTags(AXE_TAGS);
  for (const selector of exclude) builder = builder.exclude(selector);
  const result = await builder.analyze();
  return result.violations.map((v) => ({
    id: v.id,
    impact: v.impact,
    nodes: v.nodes.map((n) => n.target.join(" ")),
  }));
}

/** The all-articles listing; article and topic pages live under it. */
export const ARTICLES =
  "/latest-articles-commentary/featured-articles-commentary/all-articles-and-commentary";
export const topicUrl = (urlName: string) => `${ARTICLES}/-in-tags/tags/${urlName}`;
export const articleUrl = (urlName: string) => `${ARTICLES}/${urlName}`;

let content: ContentFile | undefined;
/**
 * The demo content the e2e server loaded on its first start (generateContent() with its
 * defaults): the independent source of truth for what the pages should list.
 */
export function demoContent(): ContentFile {
  content ??= generateContent();
  return content;
}

/** The demo articles, newest first; equal dates keep the generator's order. */
export function articlesNewestFirst(articles = demoContent().articles) {
  return articles.toSorted((a, b) => b.PublicationDate.localeCompare(a.PublicationDate));
}

/** The demo articles that carry the topic with this title. */
export function articlesTagged(topicTitle: string) {
  const { flatTaxa, articles } = demoContent();
  const topic = flatTaxa.find((t) => t.Title === topicTitle);
  if (!topic) throw new Error(`No demo topic titled "${topicTitle}"`);
  return { topic, articles: articles.filter((a) => a.Tags.includes(topic.Id)) };
}

/**
 * Waits until the React island that holds `locator` has hydrated (Astro removes the island's
 * `ssr` attribute then); fails when `locator` is in no island at all.
 */
export async function expectHydrated(locator: Locator) {
  const islands = locator.page().locator("astro-island").filter({ has: locator });
  await expect(islands.first()).toBeAttached();
  await expect(islands.and(locator.page().locator("astro-island[ssr]"))).toHaveCount(0);
}

/**
 * Resolves after the page has drawn two more frames: what the last change set off (a layout
 * shift, the start of a scroll) has happened and been recorded by then.
 */
export async function nextFrames(page: Page): Promise<void> {
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
  );
}

/** Opens a page and waits for its header to hydrate, so its controls respond. */
export async function gotoReady(page: Page, path: string) {
  const response = await page.goto(`${baseUrl()}${path}`);
  await expectHydrated(page.locator("header.site-header"));
  return response;
}

/** The panel a disclosure toggle controls, found through its aria-controls. */
export async function panelOf(toggle: Locator): Promise<Locator> {
  const id = await toggle.getAttribute("aria-controls");
  if (!id) throw new Error(`${toggle} has no aria-controls`);
  return toggle.page().locator(`[id="${id}"]`);
}

/** Asserts a toggle's aria-expanded and its panel's `hidden` (and visibility) agree on `open`. */
export async function expectExpanded(toggle: Locator, open: boolean) {
  await expect(toggle).toHaveAttribute("aria-expanded", String(open));
  const panel = await panelOf(toggle);
  if (open) {
    await expect(panel).not.toHaveAttribute("hidden");
    await expect(panel).toBeVisible();
  } else {
    await expect(panel).toHaveAttribute("hidden", "");
    await expect(panel).toBeHidden();
  }
}

/** The two window sizes the widgets' layout and accessibility checks run at. */
export const DESKTOP_AND_PHONE = [
  { width: 1280, height: 900 },
  { width: 375, height: 812 },
] as const;

/** Presses Tab until `target` has focus, as a keyboard user would reach it. */
export async function tabTo(page: Page, target: Locator, { max = 80 } = {}) {
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press("Tab");
  }
  throw new Error(`${max} presses of Tab never reached ${target.toString()}`);
}

/** Collects the page's console errors and failed requests from now on. */
export function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("console", (message) => {
    // A failed load is reported below with its address (a 404 page itself is no error).
    if (message.type() === "error" && !message.text().startsWith("Failed to load resource"))
      errors.push(`console: ${message.text()}`);
  });
  page.on("pageerror", (error) => errors.push(`page error: ${error.message}`));
  page.on("response", (response) => {
    if (response.status() >= 400 && response.request().resourceType() !== "document")
      errors.push(`${response.status()} ${response.url()}`);
  });
  return errors;
}

export const test = base.extend<{ site: string }>({
  // eslint-disable-next-line no-empty-pattern
  site: async ({}, provide) => provide(baseUrl()),
});
export { expect };
