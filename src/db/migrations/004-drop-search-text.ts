import type { Kysely } from "kysely";

// articles.SearchText was computed on every import and read by nothing: the site search reads
// search_documents (002). Its text is derived from Summary and Content, so down() rebuilds it empty.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("articles").dropColumn("SearchText").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("articles")
    .addColumn("SearchText", "text", (c) => c.notNull().defaultTo(""))
    .execute();
}
