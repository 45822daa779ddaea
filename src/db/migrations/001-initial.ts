import type { Kysely } from "kysely";

// Portable DDL (SQLite and PostgreSQL). Column names are the API's field names.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("taxonomies")
    .addColumn("Id", "text", (c) => c.primaryKey())
    .addColumn("Name", "text", (c) => c.notNull().unique())
    .addColumn("Title", "text", (c) => c.notNull())
    .addColumn("TaxaUrl", "text", (c) => c.notNull())
    .addColumn("TaxonName", "text", (c) => c.notNull())
    .addColumn("Type", "integer", (c) => c.notNull())
    .addColumn("Position", "integer", (c) => c.notNull())
    .execute();

  for (const table of ["flat_taxa", "hierarchy_taxa"] as const) {
    let builder = db.schema
      .createTable(table)
      .addColumn("Id", "text", (c) => c.primaryKey())
      .addColumn("Title", "text", (c) => c.notNull())
      .addColumn("Name", "text", (c) => c.notNull())
      .addColumn("UrlName", "text", (c) => c.notNull())
      .addColumn("Description", "text", (c) => c.notNull())
      .addColumn("Synonyms", "text", (c) => c.notNull())
      .addColumn("Ordinal", "double precision", (c) => c.notNull())
      .addColumn("TaxonomyId", "text", (c) => c.notNull().references("taxonomies.Id"))
      .addColumn("Position", "integer", (c) => c.notNull());
    if (table === "hierarchy_taxa") {
      builder = builder
        .addColumn("ParentId", "text", (c) => c.notNull())
        .addColumn("FullUrl", "text", (c) => c.notNull());
    }
    await builder.execute();
    await db.schema.createIndex(`${table}_taxonomy`).on(table).column("TaxonomyId").execute();
  }
  await db.schema.createIndex("flat_taxa_url").on("flat_taxa").column("UrlName").execute();

  await db.schema
    .createTable("transactions")
    .addColumn("Id", "text", (c) => c.primaryKey())
    .addColumn("Date", "text", (c) => c.notNull())
    .addColumn("Company", "text", (c) => c.notNull())
    .addColumn("Size", "double precision")
    .addColumn("Description", "text", (c) => c.notNull())
    .addColumn("Position", "integer", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("transactions_date").on("transactions").column("Date").execute();

  await db.schema
    .createTable("transaction_industries")
    .addColumn("TransactionId", "text", (c) =>
      c.notNull().references("transactions.Id").onDelete("cascade"),
    )
    .addColumn("TaxonId", "text", (c) => c.notNull().references("hierarchy_taxa.Id"))
    .addColumn("Position", "integer", (c) => c.notNull())
    .addPrimaryKeyConstraint("transaction_industries_pk", ["TransactionId", "Position"])
    .execute();
  await db.schema
    .createIndex("transaction_industries_taxon")
    .on("transaction_industries")
    .columns(["TaxonId", "TransactionId"])
    .execute();

  await db.schema
    .createTable("descriptions")
    .addColumn("Key", "text", (c) => c.primaryKey())
    .addColumn("Html", "text", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("articles")
    .addColumn("Id", "text", (c) => c.primaryKey())
    .addColumn("Title", "text", (c) => c.notNull())
    .addColumn("UrlName", "text", (c) => c.notNull().unique())
    .addColumn("PublicationDate", "text", (c) => c.notNull())
    .addColumn("Summary", "text", (c) => c.notNull())
    .addColumn("Content", "text", (c) => c.notNull())
    .addColumn("SearchText", "text", (c) => c.notNull())
    .addColumn("Position", "integer", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("articles_date").on("articles").column("PublicationDate").execute();

  await db.schema
    .createTable("article_tags")
    .addColumn("ArticleId", "text", (c) =>
      c.notNull().references("articles.Id").onDelete("cascade"),
    )
    .addColumn("TaxonId", "text", (c) => c.notNull().references("flat_taxa.Id"))
    .addColumn("Position", "integer", (c) => c.notNull())
    .addPrimaryKeyConstraint("article_tags_pk", ["ArticleId", "Position"])
    .execute();
  await db.schema
    .createIndex("article_tags_taxon")
    .on("article_tags")
    .columns(["TaxonId", "ArticleId"])
    .execute();

  await db.schema
    .createTable("site_settings")
    .addColumn("Key", "text", (c) => c.primaryKey())
    .addColumn("Value", "text", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("content_meta")
    .addColumn("Id", "integer", (c) => c.primaryKey())
    .addColumn("Revision", "integer", (c) => c.notNull())
    .addColumn("UpdatedAt", "text", (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    "content_meta",
    "site_settings",
    "article_tags",
    "articles",
    "descriptions",
    "transaction_industries",
    "transactions",
    "hierarchy_taxa",
    "flat_taxa",
    "taxonomies",
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
