import { PostgresAdapter, type Kysely } from "kysely";

// The images the site holds (fetched once, at sync or import time) so that no visitor's request
// reaches the server they came from: the original's bytes and facts by the SHA-256 of those bytes,
// each address that named them (a Sitefinity URL with its `sfvrsn`, or a path beside a content
// file), and the renditions made from them by width and format. Bytes are BLOB on SQLite and
// bytea on PostgreSQL.
export async function up(db: Kysely<unknown>): Promise<void> {
  const bytes = db.getExecutor().adapter instanceof PostgresAdapter ? "bytea" : "blob";
  await db.schema
    .createTable("images")
    .addColumn("Digest", "text", (c) => c.primaryKey())
    .addColumn("Format", "text", (c) => c.notNull())
    .addColumn("Width", "integer", (c) => c.notNull())
    .addColumn("Height", "integer", (c) => c.notNull())
    .addColumn("HasAlpha", "integer", (c) => c.notNull())
    .addColumn("Bytes", bytes, (c) => c.notNull())
    .addColumn("HeldAt", "text", (c) => c.notNull())
    // Why its renditions could not be made (they are not tried again); null while they can be.
    .addColumn("RenditionProblem", "text")
    .execute();
  await db.schema
    .createTable("image_addresses")
    .addColumn("Address", "text", (c) => c.primaryKey())
    .addColumn("Digest", "text", (c) => c.notNull().references("images.Digest").onDelete("cascade"))
    .addColumn("HeldAt", "text", (c) => c.notNull())
    // When a content write first referred to it; null while only held (its write may yet come).
    .addColumn("ReferencedAt", "text")
    .execute();
  await db.schema
    .createIndex("image_addresses_digest")
    .on("image_addresses")
    .column("Digest")
    .execute();
  await db.schema
    .createTable("image_renditions")
    .addColumn("Digest", "text", (c) => c.notNull().references("images.Digest").onDelete("cascade"))
    .addColumn("Width", "integer", (c) => c.notNull())
    .addColumn("Format", "text", (c) => c.notNull())
    .addColumn("Height", "integer", (c) => c.notNull())
    .addColumn("Bytes", bytes, (c) => c.notNull())
    .addPrimaryKeyConstraint("image_renditions_key", ["Digest", "Width", "Format"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("image_renditions").ifExists().execute();
  await db.schema.dropTable("image_addresses").ifExists().execute();
  await db.schema.dropTable("images").ifExists().execute();
}
