import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tempDatabase, TEST_DIALECT } from "../../../tests/helpers/temp-db.ts";
import { chainFault, entry, payloadDigest, type ChainedEntry } from "../../record/chain.ts";
import type { Db } from "../connect.ts";
import { replaceContent } from "./content-repository.ts";
import { generateContent } from "../demo/generate.ts";
import { capturedThrough, owedChanges } from "./record-index.ts";
import { entriesAfter } from "./record-reads.ts";
import { appendToRecord, readPayload, recordHead } from "./record-repository.ts";

// The record's tables on SQLite and (npm run test:pg) PostgreSQL: one chain however many append
// at once, each payload stored once, a write's change in its own transaction, and the database
// refusing to change or remove what is kept.

let temp: Awaited<ReturnType<typeof tempDatabase>>;
let db: Db;
beforeAll(async () => {
  temp = await tempDatabase(null);
  db = temp.db;
});
afterAll(() => temp.cleanup());

const page = (n: number) => Buffer.from(`<p>page ${n}</p>`.repeat(n * 200));

async function appendPage(n: number) {
  const body = page(n);
  const digest = payloadDigest(body);
  return appendToRecord(db, [{ digest, bytes: body }], async () => [
    entry("response", new Date().toISOString(), {
      Url: `/p/${n}`,
      Status: 200,
      PayloadDigest: digest,
    }),
  ]);
}

async function wholeChain(): Promise<ChainedEntry[]> {
  return entriesAfter(db.kysely, 0, 100_000);
}

describe("the record's tables", () => {
  it("keep one chain when many append at once", async () => {
    await Promise.all(Array.from({ length: 12 }, (_, i) => appendPage((i % 4) + 1)));
    const entries = await wholeChain();
    expect(entries).toHaveLength(12);
    entries.reduce<ChainedEntry | null>((before, e) => {
      expect(chainFault(before, e)).toBeNull();
      return e;
    }, null);
    expect((await recordHead(db.kysely)).hash).toBe(entries.at(-1)!.Hash);
  });

  it("store each payload once, and give back its bytes as they were sent", async () => {
    const { stored } = await appendPage(1);
    expect(stored.payloads).toBe(0);
    const rows = await db.kysely.selectFrom("record_payloads").select("Digest").execute();
    expect(rows).toHaveLength(4);
    expect(await readPayload(db.kysely, payloadDigest(page(3)))).toEqual(page(3));
  });

  it("put a write's change in the write's own transaction, owed a capture", async () => {
    const through = await capturedThrough(db.kysely);
    const revision = await replaceContent(db, generateContent({ transactions: 3, articles: 2 }), {
      cause: { type: "import", file: "/tmp/firm.json", digest: "sha256:ab", user: "ops" },
    });
    const owed = await owedChanges(db.kysely, through);
    expect(owed.map((change) => [change.Kind, Number(change.Revision)])).toEqual([
      ["change", revision],
    ]);
    expect(JSON.parse(owed[0]!.Detail!)).toEqual({
      cause: { digest: "sha256:ab", file: "/tmp/firm.json", type: "import", user: "ops" },
      tags: ["all"],
    });
    // A write that fails leaves no change behind.
    await expect(
      replaceContent(db, generateContent({ transactions: 3, articles: 2 }), {
        ifRevision: revision - 1,
        cause: { type: "demo" },
      }),
    ).rejects.toThrow(/content changed/);
    expect(await owedChanges(db.kysely, through)).toHaveLength(1);
  });

  it("refuse to update or delete an entry or a payload, whoever asks", async () => {
    const refused = /append-only/;
    const attempts = [
      sql`UPDATE record_entries SET "Status" = 404 WHERE "Seq" = 1`,
      sql`DELETE FROM record_entries WHERE "Seq" = 12`,
      sql`DELETE FROM record_entries`,
      sql`UPDATE record_payloads SET "Size" = 0`,
      sql`DELETE FROM record_payloads`,
      ...(TEST_DIALECT === "postgres"
        ? [sql`TRUNCATE record_entries`, sql`TRUNCATE record_payloads`]
        : [
            sql`INSERT OR REPLACE INTO record_entries SELECT * FROM record_entries WHERE "Seq" = 1`,
          ]),
    ];
    for (const attempt of attempts)
      await expect(attempt.execute(db.kysely)).rejects.toThrow(refused);
    expect(await wholeChain()).toHaveLength(14);
  });

  it("keep a payload as first stored when the same digest is stored again with other bytes", async () => {
    const digest = payloadDigest(page(2));
    if (TEST_DIALECT === "sqlite")
      await sql`INSERT OR REPLACE INTO record_payloads VALUES (${digest}, 1, 'identity', ${Buffer.from("forged")})`.execute(
        db.kysely,
      );
    else
      await expect(
        sql`INSERT INTO record_payloads VALUES (${digest}, 1, 'identity', ${Buffer.from("forged")})
            ON CONFLICT ("Digest") DO UPDATE SET "Bytes" = EXCLUDED."Bytes"`.execute(db.kysely),
      ).rejects.toThrow(/append-only/);
    expect(await readPayload(db.kysely, digest)).toEqual(page(2));
  });
});

describe.runIf(TEST_DIALECT === "postgres")("the role docs/records.md sets up", () => {
  it("adds to the record, writes content, and can neither change the record nor drop its triggers", async () => {
    const role = `site_app_${Date.now().toString(36)}`;
    // As the owner, once, after the migrations: the statements docs/records.md gives.
    for (const statement of [
      sql`CREATE ROLE ${sql.id(role)} LOGIN PASSWORD 'a-password-for-the-app'`,
      sql`GRANT USAGE ON SCHEMA public TO ${sql.id(role)}`,
      sql`GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO ${sql.id(role)}`,
      sql`REVOKE UPDATE, DELETE, TRUNCATE ON record_entries, record_payloads FROM ${sql.id(role)}`,
    ])
      await statement.execute(db.kysely);
    const url = new URL(temp.url);
    url.username = role;
    url.password = "a-password-for-the-app";
    const { connect } = await import("../connect.ts");
    const { migrate } = await import("../migrate.ts");
    const app = connect(url.href);
    try {
      await migrate(app);
      await replaceContent(app, generateContent({ transactions: 3, articles: 2 }), {
        cause: { type: "demo" },
      });
      await appendToRecord(app, [], async () => [entry("gap", new Date().toISOString(), {})]);
      await expect(sql`UPDATE record_entries SET "Status" = 1`.execute(app.kysely)).rejects.toThrow(
        /permission denied/,
      );
      await expect(
        sql`DROP TRIGGER record_entries_append_only ON record_entries`.execute(app.kysely),
      ).rejects.toThrow(/must be owner/);
    } finally {
      await app.close();
    }
  });
});
