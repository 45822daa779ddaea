import type { Kysely } from "kysely";

// A deal's counterparty (the buyer, investor, target or merger partner) and the firm's role in it
// (the service: Sell-Side Advisory, Capital Raising…). Both may be null: deals stored before them,
// and firms that record neither, stay as they are. Deals are listed by service, newest first, so
// the pair is indexed with the close date.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("transactions").addColumn("Counterparty", "text").execute();
  await db.schema.alterTable("transactions").addColumn("Service", "text").execute();
  await db.schema
    .createIndex("transactions_service_date")
    .on("transactions")
    .columns(["Service", "Date"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("transactions_service_date").ifExists().execute();
  await db.schema.alterTable("transactions").dropColumn("Service").execute();
  await db.schema.alterTable("transactions").dropColumn("Counterparty").execute();
}
