import type { Kysely } from "kysely";

// What each content write touched, as cache tags, by the revision it made: every instance reads
// the rows between the revision it holds and the new one, and drops only the replies tagged with
// them. A write that replaced everything (an import) records the tag that every reply carries.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("content_changes")
    .addColumn("Revision", "integer", (c) => c.primaryKey())
    .addColumn("Tags", "text", (c) => c.notNull())
    .addColumn("ChangedAt", "text", (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("content_changes").ifExists().execute();
}
