import type { Page } from "@playwright/test";
import type { ContentFile } from "../../src/content/content-file.ts";
import { generateContent } from "../../src/db/demo/generate.ts";
import { ARTICLES, expect, test } from "./fixtures.ts";
import { importedSite } from "./imported-site.ts";

// The topic pages and the Topics A – Z widget agree for any content: here a site whose
// Tags taxonomy has an Id of its own and a Name in another case ("tags"), as a real Sitefinity
// site may, and topics whose Names differ only in case and accents. Both sides must list the same
// topics in the same order, and every topic link must lead to that topic's articles.

const NEW_TAGS_ID = "7d1f0c3e-5b2a-4e8f-9a6d-0c4b2e1f3a59";
/** Names equal but for case and accents: listed by code point (RESUME, Résumé, resume). */
const TIES = [
  { Id: "00000000-0000-4000-8000-0000000000a1", Title: "resume", UrlName: "resume-plain" },
  { Id: "00000000-0000-4000-8000-0000000000a2", Title: "Résumé", UrlName: "resume-accented" },
  { Id: "00000000-0000-4000-8000-0000000000a3", Title: "RESUME", UrlName: "resume-capitals" },
];

function contentWithOwnTagsId(): ContentFile {
  const content = generateContent({ transactions: 30, articles: 24, seed: 5 });
  const tags = content.taxonomies.find((t) => t.Name === "Tags")!;
  const oldId = tags.Id;
  const ties = TIES.map((t, i) => ({
    ...t,
    Name: t.Title,
    Description: "",
    Synonyms: "",
    Ordinal: 1000 + i,
    TaxonomyId: NEW_TAGS_ID,
    LastModified: "2026-11-02T09:30:00Z",
  }));
  return {
    ...content,
    taxonomies: content.taxonomies.map((t) =>
      t.Id === oldId ? { ...t, Id: NEW_TAGS_ID, Name: "tags" } : t,
    ),
    flatTaxa: [
      ...content.flatTaxa.map((t) =>
        t.TaxonomyId === oldId ? { ...t, TaxonomyId: NEW_TAGS_ID } : t,
      ),
      ...ties,
    ],
    // Each tie topic on one article of its own, so each topic page has something to list.
    articles: content.articles.map((a, i) =>
      i < ties.length ? { ...a, Tags: [...a.Tags, ties[i]!.Id] } : a,
    ),
  };
}

const ownSite = importedSite("tags-id", contentWithOwnTagsId);

interface Listed {
  title: string;
  href: string;
}

/** Every topic the widget lists, letter by letter in the letters' order, and its letter. */
async function widgetTopics(page: Page): Promise<(Listed & { letter: string })[]> {
  await page.goto(`${ownSite().url}/topics`);
  const toolbar = page.getByRole("toolbar", { name: "Topics by letter" });
  await expect(toolbar.getByRole("button", { name: "A", exact: true })).toHaveAttribute(
    "aria-pressed",
    "true",
  );
  const listed: (Listed & { letter: string })[] = [];
  for (const button of await toolbar.getByRole("button").all()) {
    const letter = (await button.textContent())!.trim();
    await button.click();
    await expect(button).toHaveAttribute("aria-pressed", "true");
    const links = page.getByRole("region", { name: "Topics A - Z" }).getByRole("link");
    for (const link of await links.all()) {
      listed.push({
        letter,
        title: (await link.textContent())!.trim(),
        href: (await link.getAttribute("href"))!,
      });
    }
  }
  return listed;
}

/** The topics the server-rendered listing lists beside its articles, in its order. */
async function pageTopics(page: Page): Promise<Listed[]> {
  await page.goto(`${ownSite().url}${ARTICLES}`);
  const links = page.getByRole("complementary", { name: "Topics" }).getByRole("listitem");
  return Promise.all(
    (await links.getByRole("link").all()).map(async (link) => ({
      title: (await link.textContent())!.trim(),
      href: (await link.getAttribute("href"))!,
    })),
  );
}

test("the topic pages and the widget list the same topics in the same order", async ({ page }) => {
  const fromWidget = await widgetTopics(page);
  const fromPages = await pageTopics(page);
  expect(fromPages.length).toBeGreaterThan(TIES.length);
  // The widget files each topic under a letter; within a letter both lists keep one order.
  const letterOf = new Map(fromWidget.map((t) => [t.title, t.letter]));
  const letters = [...new Set(fromWidget.map((t) => t.letter))];
  const byLetter = fromPages
    .map((t, i) => ({ ...t, i, rank: letters.indexOf(letterOf.get(t.title) ?? "?") }))
    .sort((a, b) => a.rank - b.rank || a.i - b.i)
    .map(({ title, href }) => ({ title, href }));
  expect(fromWidget.map(({ title, href }) => ({ title, href }))).toEqual(byLetter);
  expect(fromWidget.filter((t) => t.letter === "R").map((t) => t.title)).toEqual(
    expect.arrayContaining(["RESUME", "Résumé", "resume"]),
  );
  const ties = fromWidget.filter((t) => TIES.some((x) => x.Title === t.title));
  expect(ties.map((t) => t.title)).toEqual(["RESUME", "Résumé", "resume"]);
});

test("every topic the widget links to is a topic page with its articles", async ({ page }) => {
  const fromWidget = await widgetTopics(page);
  for (const topic of fromWidget.filter((t) => TIES.some((x) => x.Title === t.title))) {
    const response = await page.goto(`${ownSite().url}${topic.href}`);
    expect(response?.status(), topic.href).toBe(200);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(topic.title);
    await expect(page.getByText("1 article", { exact: true })).toBeVisible();
  }
  const sitemap = await (await page.request.get(`${ownSite().url}/sitemap.xml`)).text();
  for (const topic of fromWidget) expect(sitemap).toContain(`${topic.href}</loc>`);
});
