import { describe, expect, it } from "vitest";
import { generateContent } from "../demo/generate.ts";
import { databaseForFile, tempDatabase } from "../../../tests/helpers/temp-db.ts";
import { siteRepository, type SiteRepository } from "./site-repository.ts";
import { ROOT_PARENT_ID } from "../../rules/taxonomies.ts";

const content = generateContent({ transactions: 80, articles: 40, seed: 11 });
let repo: SiteRepository;
databaseForFile(content, (db) => {
  repo = siteRepository(db);
});

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

  it("lists the topics of the taxonomy named Tags, whatever its Id and the case of its Name", async () => {
    const taxonomyId = "7d1f0c3e-5b2a-4e8f-9a6d-0c4b2e1f3a59";
    const taxon = (Id: string, Name: string, TaxonomyId = taxonomyId) => ({
      Id,
      Title: Name,
      Name,
      UrlName: `u-${Id.slice(-2)}`,
      Description: "",
      Synonyms: "",
      Ordinal: 0,
      TaxonomyId,
      LastModified: "2026-11-02T09:30:00Z",
    });
    const other = content.taxonomies.find((t) => t.Name !== "Tags")!;
    const own = await tempDatabase({
      ...content,
      taxonomies: [{ ...content.taxonomies[0]!, Id: taxonomyId, Name: "TAGS" }, other],
      hierarchyTaxa: content.hierarchyTaxa.filter((t) => t.TaxonomyId === other.Id),
      // Names that tie but for case and accents go by code point, then by Id.
      flatTaxa: [
        taxon("00000000-0000-4000-8000-000000000004", "resume"),
        taxon("00000000-0000-4000-8000-000000000001", "Zebra"),
        taxon("00000000-0000-4000-8000-000000000002", "Résumé"),
        taxon("00000000-0000-4000-8000-000000000003", "resume"),
        taxon("00000000-0000-4000-8000-000000000005", "RESUME"),
        taxon("00000000-0000-4000-8000-000000000006", "Énergie"),
        taxon("00000000-0000-4000-8000-000000000007", "apple"),
        taxon("00000000-0000-4000-8000-000000000008", "Not a topic", other.Id),
      ],
      transactions: [],
      articles: [],
    });
    try {
      const topics = await siteRepository(own.db).topics();
      expect(topics.map((x) => `${x.Name} ${x.Id.slice(-1)}`)).toEqual([
        "apple 7",
        "Énergie 6",
        "RESUME 5",
        "Résumé 2",
        "resume 3",
        "resume 4",
        "Zebra 1",
      ]);
    } finally {
      await own.cleanup();
    }
  });

  it("counts the firm's deals, their disclosed value and the industry groups from the content", async () => {
    const sized = content.transactions.filter((d) => d.Size !== null);
    const industries = content.taxonomies.find((x) => x.Name === "industries")!;
    const record = await repo.trackRecord();
    expect(record.deals).toBe(content.transactions.length);
    expect(record.disclosedDeals).toBe(sized.length);
    expect(record.disclosedValue).toBeCloseTo(
      sized.reduce((sum, d) => sum + d.Size!, 0),
      6,
    );
    expect(record.industryGroups).toBe(
      content.hierarchyTaxa.filter(
        (t) => t.TaxonomyId === industries.Id && t.ParentId === ROOT_PARENT_ID,
      ).length,
    );
  });

  it("returns the site settings as imported", async () => {
    expect(await repo.site()).toEqual(content.site);
  });

  it("finds a deal by its UrlName with its industry and group, and nothing for another", async () => {
    const withChild = content.transactions.find((d) => {
      const taxon = content.hierarchyTaxa.find((x) => x.Id === d.industries[0]);
      return taxon !== undefined && taxon.ParentId !== ROOT_PARENT_ID;
    })!;
    const industry = content.hierarchyTaxa.find((x) => x.Id === withChild.industries[0])!;
    const group = content.hierarchyTaxa.find((x) => x.Id === industry.ParentId)!;
    const deal = await repo.deal(withChild.UrlName);
    expect(deal).toMatchObject({
      Id: withChild.Id,
      Company: withChild.Company,
      Size: withChild.Size,
      Date: withChild.Date,
      DescriptionHtml: content.descriptions[withChild.Description],
      industry: industry.Title,
      industryGroup: group.Title,
    });
    expect(await repo.deal(`${withChild.UrlName}-not`)).toBeNull();
    expect(await repo.deal(withChild.UrlName.toUpperCase())).toBeNull();
  });

  it("lists every deal's page for the sitemap", async () => {
    const { deals } = await repo.sitemapEntries();
    expect(deals.map((d) => d.UrlName).sort()).toEqual(
      content.transactions.map((d) => d.UrlName).sort(),
    );
  });
});
