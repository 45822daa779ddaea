import AxeBuilder from "@axe-core/playwright";
import { test as base, expect, type Page } from "@playwright/test";

/** The running site's address (set by global-setup). */
export const baseUrl = () => {
  const url = process.env.BASE_URL;
  if (!url) throw new Error("BASE_URL is not set: run through playwright.config.ts");
  return url;
};

/** axe-core over the page as it is now, WCAG 2.2 A and AA; returns the violations. */
export async function axeViolations(page: Page) {
  const result = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22a", "wcag22aa"])
    .analyze();
  return result.violations.map((v) => ({
    id: v.id,
    impact: v.impact,
    nodes: v.nodes.map((n) => n.target.join(" ")),
  }));
}

export const test = base.extend<{ site: string }>({
  // eslint-disable-next-line no-empty-pattern
  site: async ({}, provide) => provide(baseUrl()),
});
export { expect };
