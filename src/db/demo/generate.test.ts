import { describe, expect, it } from "vitest";
import { parseContentFile } from "../../content/content-file.ts";
import { ROOT_PARENT_ID } from "../../rules/taxonomies.ts";
import { TAGS_TAXONOMY_ID, generateContent } from "./generate.ts";

const fold = (s: string) => s.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();

describe("demo content", () => {
  const demo = generateContent();

  it("is the same document for the same seed, and another for another seed", () => {
    expect(JSON.stringify(generateContent({ seed: 5 }))).toBe(
      JSON.stringify(generateContent({ seed: 5 })),
    );
    expect(JSON.stringify(generateContent({ seed: 5 }))).not.toBe(
      JSON.stringify(generateContent({ seed: 6 })),
    );
  });

  it("is a valid content file", () => {
    const result = parseContentFile(demo);
    expect(result.ok ? [] : result.problems).toEqual([]);
  });

  it("has 400+ transactions over 8+ industry groups, some first-tagged with a child industry", () => {
    expect(demo.transactions.length).toBeGreaterThanOrEqual(400);
    const top = new Set(
      demo.hierarchyTaxa.filter((t) => t.ParentId === ROOT_PARENT_ID).map((t) => t.Id),
    );
    expect(top.size).toBeGreaterThanOrEqual(8);
    const firstIsChild = demo.transactions.filter((t) => !top.has(t.industries[0]!));
    expect(firstIsChild.length).toBeGreaterThan(20);
  });

  it("has sizes from under $1MM to several $B, and some undisclosed", () => {
    const sizes = demo.transactions.map((t) => t.Size);
    expect(sizes.filter((s) => s === null).length).toBeGreaterThan(10);
    expect(Math.min(...sizes.filter((s) => s !== null))).toBeLessThan(1);
    expect(Math.max(...sizes.filter((s) => s !== null))).toBeGreaterThan(2000);
  });

  it("has descriptions with real HTML", () => {
    const html = Object.values(demo.descriptions).join("");
    for (const tag of ["<strong>", "<em>", "<a href="]) expect(html).toContain(tag);
  });

  it("links each announcement to the deal's own page, and nowhere else", () => {
    const pages = new Set(demo.transactions.map((t) => `/transactions/${t.UrlName}`));
    const links = Object.values(demo.descriptions).flatMap((html) =>
      [...html.matchAll(/href="([^"]*)"/g)].map((m) => m[1]!),
    );
    expect(links.length).toBeGreaterThan(0);
    expect(links.filter((href) => !pages.has(href))).toEqual([]);
  });

  it("has 60+ topics over most letters, some letters empty, an accented and a digit title", () => {
    const topics = demo.flatTaxa.filter((t) => t.TaxonomyId === TAGS_TAXONOMY_ID);
    expect(topics.length).toBeGreaterThanOrEqual(60);
    const letters = new Set(topics.map((t) => fold(t.Title)[0]));
    const az = [..."abcdefghijklmnopqrstuvwxyz"];
    expect(az.filter((l) => letters.has(l)).length).toBeGreaterThanOrEqual(18);
    expect(az.some((l) => !letters.has(l))).toBe(true);
    expect(
      topics.some(
        (t) =>
          t.Title !== fold(t.Title) &&
          /^\p{Lu}/u.test(t.Title) &&
          fold(t.Title[0]!) !== t.Title[0]!.toLowerCase(),
      ),
    ).toBe(true);
    expect(topics.some((t) => /^\d/.test(t.Title))).toBe(true);
  });

  it("has 150+ tagged articles, a menu of 4+ dropdowns, utility links and an alert", () => {
    expect(demo.articles.length).toBeGreaterThanOrEqual(150);
    expect(demo.articles.every((a) => a.Tags.length > 0 && a.Summary && a.Content)).toBe(true);
    expect(demo.site.navigation.filter((s) => s.children.length > 0).length).toBeGreaterThanOrEqual(
      4,
    );
    expect(demo.site.utilityLinks.length).toBeGreaterThan(0);
    expect(demo.site.alert).not.toBeNull();
  });

  it("links every menu entry to a page the site serves", () => {
    const paths = new Set(demo.site.pages.map((p) => p.path));
    const tags = new Set(demo.flatTaxa.map((t) => t.UrlName));
    const served = (url: string) =>
      paths.has(url) ||
      [
        "/transactions",
        "/topics",
        "/latest-articles-commentary/featured-articles-commentary/all-articles-and-commentary",
      ].includes(url) ||
      tags.has(url.split("/-in-tags/tags/")[1] ?? "");
    const links = [
      ...demo.site.navigation.flatMap((s) => [s, ...s.children]),
      ...demo.site.utilityLinks,
    ];
    expect(links.filter((l) => !served(l.url))).toEqual([]);
  });
});
