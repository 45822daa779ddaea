import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "kysely";
import { WARCParser } from "warcio";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connect, type Db } from "../../src/db/connect.ts";
import { generateContent } from "../../src/db/demo/generate.ts";
import { replaceContent } from "../../src/db/repositories/content-repository.ts";
import { versionsOf } from "../../src/db/repositories/record-reads.ts";
import { readPayload, recordHead } from "../../src/db/repositories/record-repository.ts";
import { payloadDigest } from "../../src/record/chain.ts";
import { dealPath, groupTransactionsPath, TRANSACTIONS_PATH } from "../../src/rules/site-paths.ts";
import { ROOT_PARENT_ID } from "../../src/rules/taxonomies.ts";
import { DESCRIPTIONS_ELEMENT_ID } from "../../src/widgets/historical-transactions/descriptions.ts";
import { runScriptAsync } from "../../tools/run-script.ts";
import { startServer } from "../../tools/server-process.ts";
import { until } from "../helpers/poll.ts";

// The record read back and checked on the command line, over a record that the content
// commands wrote (each capturing its own write): list, show, export as WARC 1.1, verify (and
// what it finds once an intruder drops a trigger and changes what is kept), and a change still
// owed a capture that the site captures at its next start.

const firm = generateContent({ transactions: 16, articles: 5, seed: 7 });
let dir: string;
let databaseUrl: string;
let db: Db;
let imported: { stdout: string; stderr: string; status: number | null };
let afterImport: string;

const archive = (...args: string[]) =>
  runScriptAsync("archive.ts", args, { DATABASE_URL: databaseUrl });

describe("the archive command", { timeout: 240_000 }, () => {
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "site-archive-"));
    databaseUrl = `file:${join(dir, "site.db")}`;
    const file = join(dir, "firm.json");
    writeFileSync(file, JSON.stringify(firm));
    imported = await runScriptAsync("content-import.ts", [file], {
      DATABASE_URL: databaseUrl,
      RECORD: "true",
      SITE_URL: "https://www.firm.example",
    });
    afterImport = new Date().toISOString();
    db = connect(databaseUrl, { create: false });
  }, 200_000);
  afterAll(async () => {
    await db?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("an import captures its own write and prints the record's head", async () => {
    expect(imported.status, imported.stderr).toBe(0);
    const head = await recordHead(db.kysely);
    expect(imported.stdout).toContain(`head ${head.seq} ${head.hash}`);
    const printed = await archive("head");
    expect(printed.stdout.trim()).toBe(`head ${head.seq} ${head.hash}`);
    const versions = await archive("list", "https://www.firm.example/transactions");
    expect(versions.stdout).toMatch(/1 version\(s\) in 1 capture\(s\)/);
    expect(versions.stdout).toMatch(/import: .*firm\.json \(sha256:[0-9a-f]{64}\) run by \S+/);
  });

  it("shows what a visitor got, its head, or says when the address's first version is", async () => {
    const deal = firm.transactions[2]!;
    const body = await archive("show", dealPath(deal.UrlName), "--at", afterImport);
    expect(body.status, body.stderr).toBe(0);
    expect(body.stdout).toContain(deal.Company);
    const out = join(dir, "page.html");
    await archive("show", dealPath(deal.UrlName), "--at", afterImport, "--out", out);
    expect(readFileSync(out, "utf8")).toBe(body.stdout);
    const head = await archive("show", dealPath(deal.UrlName), "--at", afterImport, "--head");
    expect(head.stdout).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
    expect(head.stdout).toContain(`deal-${deal.Id.toLowerCase()}`);
    const before = await archive("show", dealPath(deal.UrlName), "--at", "2001-01-01T00:00:00Z");
    expect(before.status).toBe(1);
    expect(before.stderr).toMatch(
      /has no version at 2001-01-01T00:00:00\.000Z: its first is from 20/,
    );
    const unknown = await archive(
      "show",
      "/api/default/transactions?$select=Id,Date",
      "--at",
      afterImport,
    );
    expect(unknown.status).toBe(1);
    expect(unknown.stderr).toMatch(
      /under \/api\/default\/transactions it keeps:\n\/api\/default\/transactions\?\$select=Id%2CDate/,
    );
  });

  it("keeps the widget's page at each address the industry hubs link to, as the page itself", async () => {
    const group = firm.hierarchyTaxa.find((taxon) => taxon.ParentId === ROOT_PARENT_ID)!;
    const page = await archive("show", TRANSACTIONS_PATH, "--at", afterImport);
    const linked = await archive("show", groupTransactionsPath(group.UrlName), "--at", afterImport);
    expect(linked.status, linked.stderr).toBe(0);
    expect(linked.stdout).toContain(DESCRIPTIONS_ELEMENT_ID);
    expect(linked.stdout).toBe(page.stdout);
  });

  it("exports WARC 1.1 that holds what was current at --from, each record its own gzip member", async () => {
    const out = join(dir, "export.warc.gz");
    const exported = await archive(
      "export",
      "--from",
      afterImport,
      "--to",
      new Date().toISOString(),
      "--out",
      out,
    );
    expect(exported.status, exported.stderr).toBe(0);
    const bytes = readFileSync(out);
    // Every record is a gzip member of its own: the file starts, and each record starts, with one.
    const members = bytes.toString("latin1").split("\x1f\x8b\x08").length - 1;
    const records: {
      type: string;
      uri: string | null;
      date: string | null;
      digest: string | null;
      body: Uint8Array;
    }[] = [];
    for await (const record of new WARCParser([new Uint8Array(bytes)])) {
      records.push({
        type: record.warcType,
        uri: record.warcTargetURI ?? null,
        date: record.warcDate ?? null,
        digest: record.warcPayloadDigest ?? null,
        body: await record.readFully(true),
      });
      expect(record.warcHeaders.protocol).toBe("WARC/1.1");
    }
    expect(members).toBe(records.length);
    expect(records[0]!.type).toBe("warcinfo");
    const kept = await versionsOf(db.kysely, "/transactions");
    const page = records.find((r) => r.uri === "https://www.firm.example/transactions")!;
    expect(page.type).toBe("response");
    expect(page.date).toBe(kept[0]!.visible);
    expect(page.digest).toBe(kept[0]!.payloadDigest);
    expect(payloadDigest(page.body)).toBe(page.digest);
    // A body kept under two addresses is a revisit of the first, in the same file.
    const revisits = records.filter((r) => r.type === "revisit");
    for (const revisit of revisits)
      expect(records.some((r) => r.type === "response" && r.digest === revisit.digest)).toBe(true);
  });

  it("verify passes, then fails naming a payload an intruder changed after dropping its trigger", async () => {
    const good = await archive("verify");
    expect(good.status, good.stderr).toBe(0);
    expect(good.stdout).toMatch(/the record holds: \d+ entries and \d+ payloads verified/);
    const [kept] = await versionsOf(db.kysely, "/transactions");
    const original = await readPayload(db.kysely, kept!.payloadDigest);
    await expect(
      sql`UPDATE record_payloads SET "Bytes" = ${Buffer.from("forged")}, "Coding" = 'identity' WHERE "Digest" = ${kept!.payloadDigest}`.execute(
        db.kysely,
      ),
    ).rejects.toThrow(/append-only/);
    await sql`DROP TRIGGER record_payloads_no_update`.execute(db.kysely);
    await sql`UPDATE record_payloads SET "Bytes" = ${Buffer.from(original!.toString().replace("Transactions", "Forgeries"))}, "Coding" = 'identity' WHERE "Digest" = ${kept!.payloadDigest}`.execute(
      db.kysely,
    );
    const bad = await archive("verify");
    expect(bad.status).toBe(1);
    expect(bad.stderr).toContain(`payload ${kept!.payloadDigest} was changed`);
    expect(bad.stderr).toMatch(/it is kept for entry \d+ \(response of \/transactions, /);
  });

  it("verify names an entry changed behind the site's back, and a head no longer in the chain", async () => {
    const head = await recordHead(db.kysely);
    await sql`DROP TRIGGER record_entries_no_update`.execute(db.kysely);
    await sql`UPDATE record_entries SET "Status" = 410 WHERE "Seq" = 5`.execute(db.kysely);
    const bad = await archive("verify");
    expect(bad.status).toBe(1);
    expect(bad.stderr).toMatch(
      /does not hold at entry 5 \(.*\): entry 5 was changed after it was written/,
    );
    await sql`DROP TRIGGER record_entries_no_delete`.execute(db.kysely);
    await sql`DELETE FROM record_entries WHERE "Seq" >= 5`.execute(db.kysely);
    const cut = await archive("verify", "--head", head.hash);
    expect(cut.status).toBe(1);
    expect(cut.stderr).toContain(`head ${head.hash} is not in the record`);
  });
});

describe("a capture still owed", { timeout: 240_000 }, () => {
  it("is listed by verify, survives a restart, and is made by the site at its next start", async () => {
    const folder = mkdtempSync(join(tmpdir(), "site-owed-"));
    const url = `file:${join(folder, "site.db")}`;
    try {
      // A write that went into the record, whose writer stopped before capturing it.
      const writer = connect(url, { create: true });
      const { migrate } = await import("../../src/db/migrate.ts");
      await migrate(writer);
      await replaceContent(writer, firm, { cause: { type: "sync", by: "schedule" } });
      await writer.close();
      const owed = await runScriptAsync("archive.ts", ["verify"], { DATABASE_URL: url });
      expect(owed.status, owed.stderr).toBe(0);
      expect(owed.stdout).toMatch(
        /a write without a capture: change 1, revision 1, .*: sync: scheduled/,
      );
      const site = await startServer({ DATABASE_URL: url, RECORD: "true", LOG_LEVEL: "info" });
      try {
        await until(
          "the site captured what was owed",
          async () => site.output().includes("record: captured revision 1"),
          180_000,
        );
      } finally {
        await site.stop();
      }
      const after = await runScriptAsync("archive.ts", ["verify"], { DATABASE_URL: url });
      expect(after.status, after.stderr).toBe(0);
      expect(after.stdout).not.toMatch(/without a capture/);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
