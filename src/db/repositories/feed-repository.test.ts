import { describe, expect, it } from "vitest";
import { databaseForFile } from "../../../tests/helpers/temp-db.ts";
import { normaliseDateTime, storedDateTime } from "../../rules/date-time.ts";
import { generateContent } from "../demo/generate.ts";
import { feedRepository, type FeedRepository } from "./feed-repository.ts";

const content = generateContent({ transactions: 80, articles: 40, seed: 7 });
let repo: FeedRepository;
databaseForFile(content, (db) => {
  repo = feedRepository(db);
});

/** Newest first by `field`; equal times keep the content's order, as the API's ties do. */
const newestFirst = <T>(items: readonly T[], field: (item: T) => string) =>
  items.toSorted((a, b) => storedDateTime(field(b))!.localeCompare(storedDateTime(field(a))!));

const topicsOf = (ids: readonly string[]) =>
  ids.map((id) => {
    const { Title, UrlName } = content.flatTaxa.find((f) => f.Id === id)!;
    return { Title, UrlName };
  });

describe("feed repository (real database)", () => {
  it("lists the newest articles with their topics in order, up to the limit", async () => {
    const expected = newestFirst(content.articles, (a) => a.PublicationDate).slice(0, 25);
    const rows = await repo.latestArticles(25);
    expect(rows.map((r) => r.Id)).toEqual(expected.map((a) => a.Id));
    const [first] = rows;
    const source = expected[0]!;
    expect(first).toEqual({
      Id: source.Id,
      Title: source.Title,
      UrlName: source.UrlName,
      PublicationDate: normaliseDateTime(source.PublicationDate),
      LastModified: normaliseDateTime(source.LastModified),
      Summary: expect.any(String),
      tags: topicsOf(source.Tags),
    });
    for (const [i, row] of rows.entries()) expect(row.tags).toEqual(topicsOf(expected[i]!.Tags));
  });

  it("lists only the articles with a tag", async () => {
    const tag = content.flatTaxa.find(
      (f) => content.articles.filter((a) => a.Tags.includes(f.Id)).length >= 3,
    )!;
    const tagged = content.articles.filter((a) => a.Tags.includes(tag.Id));
    const expected = newestFirst(tagged, (a) => a.PublicationDate);
    expect((await repo.articlesTagged(tag.Id, 50)).map((r) => r.Id)).toEqual(
      expected.map((a) => a.Id),
    );
    expect((await repo.articlesTagged(tag.Id, 2)).map((r) => r.Id)).toEqual(
      expected.slice(0, 2).map((a) => a.Id),
    );
    expect(await repo.articlesTagged("00000000-0000-0000-0000-00000000abcd", 50)).toEqual([]);
  });

  it("lists the most recently closed deals with their announcements", async () => {
    const expected = newestFirst(content.transactions, (d) => d.Date).slice(0, 30);
    const rows = await repo.latestDeals(30);
    expect(rows.map((r) => r.Id)).toEqual(expected.map((d) => d.Id));
    for (const [i, row] of rows.entries()) {
      const source = expected[i]!;
      expect(row.LastModified).toBe(normaliseDateTime(source.LastModified));
      expect(row.Size).toBe(source.Size);
      expect(row.DescriptionHtml).toBe(content.descriptions[source.Description] ?? null);
    }
  });

  it("tells when the content was last imported", async () => {
    const updated = await repo.contentUpdated();
    expect(normaliseDateTime(updated)).toBe(updated);
    expect(Date.now() - Date.parse(updated)).toBeLessThan(10 * 60_000);
  });
});
