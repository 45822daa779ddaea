import type { EntitySet } from "../../../odata/fields.ts";

/** Articles and commentary; Summary and Content are HTML, Tags are flat-taxon ids. */
export const articles: EntitySet = {
  name: "articles",
  typeName: "Article",
  table: "articles",
  fields: {
    Id: { type: "guid" },
    LastModified: { type: "datetime" },
    Title: { type: "string" },
    UrlName: { type: "string" },
    PublicationDate: { type: "datetime" },
    Summary: { type: "string" },
    Content: { type: "string" },
    Tags: {
      type: "collection",
      table: "article_tags",
      owner: "ArticleId",
      value: "TaxonId",
      position: "Position",
    },
  },
};
