import type { Site } from "../../content/site.ts";
import {
  findTaxonomy,
  INDUSTRIES_TAXONOMY_NAME,
  ROOT_PARENT_ID,
  TAGS_TAXONOMY_NAME,
} from "../../rules/taxonomies.ts";
import { sortTopics } from "../../rules/topics.ts";
import type { Db } from "../connect.ts";
import type { Database } from "../schema.ts";
import { withApiDates } from "./api-dates.ts";
import { dealQueries } from "./site-deals.ts";
export type { PersonLookup, PersonRow } from "./site-people.ts";
import { peopleQueries } from "./site-people.ts";

export type {
  DealCard,
  DealDetail,
  DealPage,
  FeaturedTransaction,
  IndustryGroupLink,
} from "./site-deals.ts";

export interface ArticleSummary {
  Id: string;
  Title: string;
  UrlName: string;
  PublicationDate: string;
  Summary: string;
}

export interface ArticleDetail extends ArticleSummary {
  Content: string;
  tags: TopicRow[];
}

export interface TopicRow {
  Id: string;
  Title: string;
  Name: string;
  UrlName: string;
}

/** The firm's figures, as the home page states them. */
export interface TrackRecord {
  deals: number;
  /** The sum of the disclosed sizes, in $MM, and how many deals disclosed one. */
  disclosedValue: number;
  disclosedDeals: number;
  /** Top-level groups of the industries taxonomy. */
  industryGroups: number;
}

export interface PageOf<T> {
  items: T[];
  total: number;
}

/** What the pages read: site settings, articles, topics, and the deals (site-deals.ts). */
export function siteRepository(db: Db) {
  const k = db.kysely;
  const summaryColumns = ["Id", "Title", "UrlName", "PublicationDate", "Summary"] as const;
  /** The topics' rows: the Tags taxonomy's taxa, found by Name as the widgets find it. */
  const topicRows = async <C extends keyof Database["flat_taxa"] & string>(columns: C[]) => {
    const taxonomies = await k.selectFrom("taxonomies").select(["Id", "Name"]).execute();
    const tags = findTaxonomy(taxonomies, TAGS_TAXONOMY_NAME);
    if (!tags) return [];
    return k.selectFrom("flat_taxa").select(columns).where("TaxonomyId", "=", tags.Id).execute();
  };
  const readSite = async () => {
    const row = await k
      .selectFrom("site_settings")
      .select("Value")
      .where("Key", "=", "site")
      .executeTakeFirst();
    return row ? (JSON.parse(row.Value) as Site) : null;
  };
  return {
    ...dealQueries(k),
    ...peopleQueries(k),

    async site(): Promise<Site | null> {
      return readSite();
    },

    /** The plain page at `path`, on its own: what shows its body (a content block's text). */
    async page(path: string): Promise<Site["pages"][number] | null> {
      const site = await readSite();
      return site?.pages.find((p) => p.path === path) ?? null;
    },

    async latestArticles(offset: number, limit: number): Promise<PageOf<ArticleSummary>> {
      const [items, count] = await Promise.all([
        k
          .selectFrom("articles")
          .select(summaryColumns)
          .orderBy("PublicationDate", "desc")
          .orderBy("Position")
          .limit(limit)
          .offset(offset)
          .execute(),
        k
          .selectFrom("articles")
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .executeTakeFirstOrThrow(),
      ]);
      return { items: withApiDates(items, "PublicationDate"), total: Number(count.n) };
    },

    async articlesByTag(
      tagId: string,
      offset: number,
      limit: number,
    ): Promise<PageOf<ArticleSummary>> {
      const base = k
        .selectFrom("articles")
        .innerJoin("article_tags", "article_tags.ArticleId", "articles.Id")
        .where("article_tags.TaxonId", "=", tagId);
      const [items, count] = await Promise.all([
        base
          .select(summaryColumns.map((c) => `articles.${c}` as const))
          .distinct()
          .orderBy("articles.PublicationDate", "desc")
          .orderBy("articles.Id")
          .limit(limit)
          .offset(offset)
          .execute(),
        base
          .select((eb) => eb.fn.count<number>("articles.Id").distinct().as("n"))
          .executeTakeFirstOrThrow(),
      ]);
      return { items: withApiDates(items, "PublicationDate"), total: Number(count.n) };
    },

    async article(urlName: string): Promise<ArticleDetail | null> {
      const row = await k
        .selectFrom("articles")
        .select([...summaryColumns, "Content"])
        .where("UrlName", "=", urlName)
        .executeTakeFirst();
      if (!row) return null;
      const tags = await k
        .selectFrom("article_tags")
        .innerJoin("flat_taxa", "flat_taxa.Id", "article_tags.TaxonId")
        .select(["flat_taxa.Id", "flat_taxa.Title", "flat_taxa.Name", "flat_taxa.UrlName"])
        .where("article_tags.ArticleId", "=", row.Id)
        .orderBy("article_tags.Position")
        .execute();
      return { ...withApiDates([row], "PublicationDate")[0]!, tags };
    },

    /** The topics, in the order the Topics A – Z widget lists them. */
    async topics(): Promise<TopicRow[]> {
      return sortTopics(await topicRows(["Id", "Title", "Name", "UrlName"]));
    },

    /** Counted from the deals and the industries taxonomy as they stand. */
    async trackRecord(): Promise<TrackRecord> {
      const [totals, taxonomies] = await Promise.all([
        k
          .selectFrom("transactions")
          .select((eb) => [
            eb.fn.countAll<number>().as("deals"),
            eb.fn.count<number>("Size").as("disclosedDeals"),
            eb.fn.coalesce(eb.fn.sum<number>("Size"), eb.lit(0)).as("disclosedValue"),
          ])
          .executeTakeFirstOrThrow(),
        k.selectFrom("taxonomies").select(["Id", "Name"]).execute(),
      ]);
      const industries = findTaxonomy(taxonomies, INDUSTRIES_TAXONOMY_NAME);
      const groups = industries
        ? await k
            .selectFrom("hierarchy_taxa")
            .select((eb) => eb.fn.countAll<number>().as("n"))
            .where("TaxonomyId", "=", industries.Id)
            .where("ParentId", "=", ROOT_PARENT_ID)
            .executeTakeFirstOrThrow()
        : { n: 0 };
      return {
        deals: Number(totals.deals),
        disclosedDeals: Number(totals.disclosedDeals),
        disclosedValue: Number(totals.disclosedValue),
        industryGroups: Number(groups.n),
      };
    },

    /** Description key -> HTML, for the page that holds the transactions widget. */
    async descriptions(): Promise<Record<string, string>> {
      const rows = await k.selectFrom("descriptions").select(["Key", "Html"]).execute();
      return Object.fromEntries(rows.map((r) => [r.Key, r.Html]));
    },

    async sitemapEntries(): Promise<{
      articles: { UrlName: string; PublicationDate: string }[];
      topics: string[];
      deals: { UrlName: string; LastModified: string }[];
    }> {
      const [articles, topics, deals] = await Promise.all([
        k
          .selectFrom("articles")
          .select(["UrlName", "PublicationDate"])
          .orderBy("PublicationDate", "desc")
          .execute(),
        topicRows(["UrlName"]),
        k
          .selectFrom("transactions")
          .select(["UrlName", "LastModified"])
          .orderBy("Date", "desc")
          .orderBy("Position")
          .execute(),
      ]);
      return {
        articles: withApiDates(articles, "PublicationDate"),
        topics: topics.map((t) => t.UrlName).sort(),
        deals: withApiDates(deals, "LastModified"),
      };
    },
  };
}

export type SiteRepository = ReturnType<typeof siteRepository>;
