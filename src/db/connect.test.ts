import type { Kysely } from "kysely";
import { describe, expect, it } from "vitest";
import { TEST_DIALECT, tempDatabase } from "../../tests/helpers/temp-db.ts";
import { connect } from "./connect.ts";
import { generateContent } from "./demo/generate.ts";
import { replaceContent } from "./repositories/content-repository.ts";
import type { Database } from "./schema.ts";

const count = async (db: Kysely<Database>) =>
  Number(
    (
      await db
        .selectFrom("transactions")
        .select((eb) => eb.fn.countAll().as("n"))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe("a database shared by the site and an import", () => {
  it("lets an import commit while the site is in the middle of a read", async () => {
    const t = await tempDatabase(generateContent({ transactions: 10, articles: 5 }));
    const site = connect(t.url);
    try {
      const [before, during] = await site.kysely.transaction().execute(async (trx) => {
        const first = await count(trx);
        // A second connection, as `npm run content:import` is a second process.
        await replaceContent(t.db, generateContent({ transactions: 25, articles: 5 }));
        return [first, await count(trx)];
      });
      expect(before).toBe(10);
      // SQLite in WAL mode keeps the reader's snapshot (in its old rollback-journal mode the
      // import could not commit at all: SQLITE_BUSY); PostgreSQL reads committed rows.
      expect(during).toBe(TEST_DIALECT === "sqlite" ? 10 : 25);
      expect(await count(site.kysely)).toBe(25);
    } finally {
      await site.close();
      await t.cleanup();
    }
  });
});
