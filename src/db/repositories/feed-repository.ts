import type { Db } from "../connect.ts";
import { withApiDates } from "./api-dates.ts";
import { DEAL_SUMMARY, dealsWithDescriptions } from "./deal-rows.ts";

/**
 * What the Atom feeds read. Each list is in the order the API gives for the same `$orderby`
 * (ties in import order), so a feed and `…?$orderby=PublicationDate desc&$top=N` agree. A row is
 * typed by its query; src/lib/feeds.ts says what a feed needs of it.
 */
export function feedRepository(db: Db) {
  const k = db.kysely;
  const articleColumns = [
    "articles.Id",
    "articles.Title",
    "articles.UrlName",
    "articles.PublicationDate",
    "articles.LastModified",
    "articles.Summary",
  ] as const;

  /** The articles' topics, one query for the whole list. */
  const withTags = async <
    Row extends { Id: string; PublicationDate: string; LastModified: string },
  >(
    rows: Row[],
  ) => {
    if (rows.length === 0) return [];
    const tags = await k
      .selectFrom("article_tags")
      .innerJoin("flat_taxa", "flat_taxa.Id", "article_tags.TaxonId")
      .select(["article_tags.ArticleId", "flat_taxa.Title", "flat_taxa.UrlName"])
      .where(
        "article_tags.ArticleId",
        "in",
        rows.map((r) => r.Id),
      )
      .orderBy("article_tags.ArticleId")
      .orderBy("article_tags.Position")
      .execute();
    const byArticle = Map.groupBy(tags, (t) => t.ArticleId);
    return withApiDates(rows, "PublicationDate", "LastModified").map((row) => ({
      ...row,
      tags: (byArticle.get(row.Id) ?? []).map(({ Title, UrlName }) => ({ Title, UrlName })),
    }));
  };

  return {
    /** The newest articles. */
    async latestArticles(limit: number) {
      const rows = await k
        .selectFrom("articles")
        .select(articleColumns)
        .orderBy("articles.PublicationDate", "desc")
        .orderBy("articles.Position")
        .limit(limit)
        .execute();
      return withTags(rows);
    },

    /** The newest articles with the tag `tagId`. */
    async articlesTagged(tagId: string, limit: number) {
      const rows = await k
        .selectFrom("articles")
        .select(articleColumns)
        .where((eb) =>
          eb.exists(
            eb
              .selectFrom("article_tags")
              .select("article_tags.ArticleId")
              .whereRef("article_tags.ArticleId", "=", "articles.Id")
              .where("article_tags.TaxonId", "=", tagId),
          ),
        )
        .orderBy("articles.PublicationDate", "desc")
        .orderBy("articles.Position")
        .limit(limit)
        .execute();
      return withTags(rows);
    },

    /** The most recently closed deals. */
    async latestDeals(limit: number) {
      const rows = await dealsWithDescriptions(k)
        .select([
          ...DEAL_SUMMARY,
          "transactions.LastModified",
          "descriptions.Html as DescriptionHtml",
        ])
        .orderBy("transactions.Date", "desc")
        .orderBy("transactions.Position")
        .limit(limit)
        .execute();
      return withApiDates(rows, "Date", "LastModified");
    },

    /** When the content was last imported or synced (the epoch before the first import). */
    async contentUpdated(): Promise<string> {
      const row = await k
        .selectFrom("content_meta")
        .select("UpdatedAt")
        .where("Id", "=", 1)
        .executeTakeFirst();
      return withApiDates([{ at: row?.UpdatedAt ?? "1970-01-01T00:00:00Z" }], "at")[0]!.at;
    },
  };
}

export type FeedRepository = ReturnType<typeof feedRepository>;
