import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TAGS_TAXONOMY_ID } from "../../content/common.ts";
import { generateContent } from "../demo/generate.ts";
import { tempDatabase } from "../../../tests/helpers/temp-db.ts";
import { siteRepository, type SiteRepository } from "./site-repository.ts";
import { searchRepository, MARK_START, MARK_END } from "./search-repository.ts";

const content = generateContent({ transactions: 80, articles: 40, seed: 11 });
let t: Awaited<ReturnType<typeof tempDatabase>>;
let repo: SiteRepository;

beforeAll(async () => {
  t = await tempDatabase(content);
  repo = siteRepository(t.db);
});
afterAll(() => t.cleanup());

const newestFirst = (a: { PublicationDate: string }, b: { PublicationDate: string }) =>
  b.PublicationDate.localeCompare(a.PublicationDate);

describe("site repository (real SQLite file)", () => {
  it("pages through all articles, newest first", async () => {
    const expected = [...content.articles].sort(newestFirst).map((a) => a.PublicationDate);
    const first = await repo.latestArticles(0, 25);
    const second = await repo.latestArticles(25, 25);
    expect(first.total).toBe(content.articles.length);
    expect([...first.items, ...second.items].map((a) => a.PublicationDate)).toEqual(expected);
  });

  it("lists a tag's articles and counts them", async () => {
    const tag = content.flatTaxa.find(
      (f) => content.articles.filter((a) => a.Tags.includes(f.Id)).length >= 2,
    )!;
    const expected = content.articles.filter((a) => a.Tags.includes(tag.Id)).sort(newestFirst);
    const page = await repo.articlesByTag(tag.Id, 0, 100);
    expect(page.total).toBe(expected.length);
    expect(page.items.map((a) => a.Id).sort()).toEqual(expected.map((a) => a.Id).sort());
    expect(page.items.map((a) => a.PublicationDate)).toEqual(
      expected.map((a) => a.PublicationDate),
    );
  });

  it("finds an article by UrlName with its tags in order", async () => {
    const source = content.articles[3]!;
    const article = await repo.article(source.UrlName);
    expect(article?.Title).toBe(source.Title);
    expect(article?.tags.map((x) => x.Id)).toEqual(source.Tags);
    expect(await repo.article("no-such-article")).toBeNull();
  });

  it("lists topics of the Tags taxonomy sorted by Name", async () => {
    const topics = await repo.topics();
    const expected = content.flatTaxa
      .filter((f) => f.TaxonomyId === TAGS_TAXONOMY_ID)
      .map((f) => f.Name)
      .sort((a, b) => a.localeCompare(b, "en", { sensitivity: "base" }));
    expect(topics.map((x) => x.Name)).toEqual(expected);
  });

  it("returns the site settings as imported", async () => {
    expect(await repo.site()).toEqual(content.site);
  });

  it("searches articles and pages, marking the matched words", async () => {
    const search = searchRepository(t.db);
    const result = await search.search("earnouts", 0, 10);
    const expected = content.articles.filter((a) =>
      /earnouts?/i.test(`${a.Title} ${a.Summary} ${a.Content}`),
    );
    expect(result.total).toBe(expected.length);
    expect(result.hits.length).toBeGreaterThan(0);
    expect(`${result.hits[0]!.title} ${result.hits[0]!.snippet}`).toContain(`${MARK_START}`);
    expect(`${result.hits[0]!.title} ${result.hits[0]!.snippet}`).toMatch(
      new RegExp(`${MARK_START}earnouts?${MARK_END}`, "i"),
    );
  });

  it("treats FTS syntax in a query as words, and finds nothing for an empty query", async () => {
    const search = searchRepository(t.db);
    await expect(search.search('"unbalanced AND OR NEAR( *', 0, 10)).resolves.toBeDefined();
    expect(await search.search("   ", 0, 10)).toEqual({ hits: [], total: 0 });
    const page = await search.search("contact", 0, 10);
    expect(page.hits.some((h) => h.kind === "page" && h.ref === "/about/contact")).toBe(true);
  });
});
