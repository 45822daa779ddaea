import type { Kysely } from "kysely";

// A deal or article published alone is indexed alone (updateSearchIndex), not by building the
// whole index again: each document keeps its item's Id, to be found by it whatever its UrlName
// was, and its keywords, so that the words it is filed under can be found to take it out, and the index keeps what its last full build measured (field averages,
// each kind's dates), so that a document added later is weighed alike. The index is derived data:
// the version raised with this migration makes the next start build it again with both.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("search_documents")
    .addColumn("Keywords", "text", (c) => c.notNull().defaultTo(""))
    .execute();
  await db.schema.alterTable("search_documents").addColumn("ItemId", "text").execute();
  await db.schema
    .createIndex("search_documents_item")
    .on("search_documents")
    .column("ItemId")
    .execute();
  await db.schema
    .alterTable("search_meta")
    .addColumn("Stats", "text", (c) => c.notNull().defaultTo("{}"))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("search_meta").dropColumn("Stats").execute();
  await db.schema.dropIndex("search_documents_item").ifExists().execute();
  await db.schema.alterTable("search_documents").dropColumn("ItemId").execute();
  await db.schema.alterTable("search_documents").dropColumn("Keywords").execute();
}
