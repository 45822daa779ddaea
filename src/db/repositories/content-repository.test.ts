import SQLite from "better-sqlite3";
import { sql, type KyselyPlugin } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { generateContent } from "../demo/generate.ts";
import { parseContentFile, type ContentFile } from "../../content/content-file.ts";
import { until } from "../../../tests/helpers/poll.ts";
import { tempDatabase, TEST_DIALECT } from "../../../tests/helpers/temp-db.ts";
import type { Db } from "../connect.ts";
import {
  commitRevision,
  contentRevision,
  readContent,
  replaceContent,
  writeItems,
} from "./content-repository.ts";

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

async function withDb(content?: ContentFile | null) {
  const t = await tempDatabase(content);
  cleanups.push(t.cleanup);
  return t.db;
}

function parsed(doc: unknown): ContentFile {
  const result = parseContentFile(doc);
  if (!result.ok) throw new Error(result.problems.join("\n"));
  return result.content;
}

describe("content repository (real SQLite file)", () => {
  it("reads back exactly what was imported, in import order", async () => {
    const content = parsed(generateContent({ transactions: 40, articles: 15, seed: 7 }));
    const db = await withDb(content);
    expect(await readContent(db)).toEqual(content);
  });

  it("bumps the revision on every import", async () => {
    const db = await withDb(null);
    expect(await contentRevision(db)).toBe(0);
    await replaceContent(db, parsed(generateContent({ transactions: 5, articles: 2 })));
    await replaceContent(db, parsed(generateContent({ transactions: 6, articles: 2 })));
    expect(await contentRevision(db)).toBe(2);
  });

  it("replaces all content: nothing of the previous import is left", async () => {
    const first = parsed(generateContent({ transactions: 30, articles: 10, seed: 1 }));
    const second = parsed(generateContent({ transactions: 12, articles: 4, seed: 2 }));
    const db = await withDb(first);
    await replaceContent(db, second);
    expect(await readContent(db)).toEqual(second);
  });

  it("changes nothing when the database refuses a row halfway through", async () => {
    const before = parsed(generateContent({ transactions: 30, articles: 10, seed: 3 }));
    const db = await withDb(before);
    const bad = parsed(generateContent({ transactions: 500, articles: 10, seed: 4 }));
    // Bypasses file validation on purpose: a late row names an industry that does not exist.
    bad.transactions[480]!.industries = ["0f0f0f0f-0000-4000-8000-000000000000"];
    await expect(replaceContent(db, bad)).rejects.toThrow();
    expect(await readContent(db)).toEqual(before);
    expect(await contentRevision(db)).toBe(1);
  });
});

describe("reading only the items a service hook's sync may touch", () => {
  it("reads the named deals and articles, their rivals by URL name and description, and the frame whole", async () => {
    const content = parsed(generateContent({ transactions: 40, articles: 15, seed: 9 }));
    const deals = content.transactions;
    // Deal 30 shares deal 2's description key: a change to deal 2 may clash with it.
    deals[30] = { ...deals[30]!, Description: deals[2]!.Description };
    const db = await withDb(content);
    const held = await readContent(db, {
      transactions: {
        ids: [deals[2]!.Id],
        urlNames: [deals[11]!.UrlName.toLowerCase()],
        descriptionKeys: [deals[20]!.Description],
      },
      articles: { ids: [content.articles[3]!.Id], urlNames: [content.articles[7]!.UrlName] },
    });
    const named = [2, 11, 20, 30].map((i) => deals[i]!);
    const keys = new Set(named.map((deal) => deal.Description));
    expect(held).toEqual({
      ...content,
      transactions: named,
      descriptions: Object.fromEntries(
        Object.entries(content.descriptions).filter(([key]) => keys.has(key)),
      ),
      articles: [content.articles[3]!, content.articles[7]!],
    });
  });

  it("reads no deal or article when none is named", async () => {
    const content = parsed(generateContent({ transactions: 10, articles: 5, seed: 10 }));
    const db = await withDb(content);
    const none = { ids: [], urlNames: [] };
    const held = await readContent(db, {
      transactions: { ...none, descriptionKeys: [] },
      articles: none,
    });
    expect(held).toEqual({ ...content, transactions: [], descriptions: {}, articles: [] });
  });
});

describe("a write that expects a revision (a sync's)", () => {
  it("goes through at that revision, and changes nothing at another", async () => {
    const first = parsed(generateContent({ transactions: 10, articles: 3, seed: 1 }));
    const second = parsed(generateContent({ transactions: 12, articles: 4, seed: 2 }));
    const db = await withDb(first);
    await expect(replaceContent(db, second, { ifRevision: 0 })).rejects.toThrow(
      /the content changed while this ran \(revision 0, now 1\)/,
    );
    expect(await readContent(db)).toEqual(first);
    expect(await replaceContent(db, second, { ifRevision: 1 })).toBe(2);
    expect(await readContent(db)).toEqual(second);
  });
});

describe("a deal's Counterparty and Service", () => {
  type Doc = { transactions: Record<string, unknown>[] };
  /** The content file's text, as the export writes it. */
  const exported = async (db: Awaited<ReturnType<typeof withDb>>) =>
    `${JSON.stringify(await readContent(db), null, 2)}\n`;

  it("come back as imported, and export then import gives the same bytes", async () => {
    const doc = structuredClone(generateContent({ transactions: 12, articles: 2, seed: 5 }));
    const deals = (doc as unknown as Doc).transactions;
    Object.assign(deals[0]!, { Counterparty: "Crescent Equity", Service: "Sell-Side Advisory" });
    Object.assign(deals[1]!, { Counterparty: "Ashgrove Software Inc.", Service: null });
    Object.assign(deals[2]!, { Counterparty: null, Service: null });
    for (const deal of deals.slice(3)) {
      delete deal.Counterparty;
      delete deal.Service;
    }
    const db = await withDb(parsed(doc));
    const first = await exported(db);
    await replaceContent(db, parsed(JSON.parse(first)));
    expect(await exported(db)).toBe(first);
    const back = (JSON.parse(first) as Doc).transactions;
    expect(back[0]).toMatchObject({
      Counterparty: "Crescent Equity",
      Service: "Sell-Side Advisory",
    });
    expect(back[1]).toMatchObject({ Counterparty: "Ashgrove Software Inc." });
    expect(back[1]).not.toHaveProperty("Service");
    for (const deal of back.slice(2)) {
      expect(deal).not.toHaveProperty("Counterparty");
      expect(deal).not.toHaveProperty("Service");
    }
  });

  it("a file written before them exports without them, as it was", async () => {
    const doc = structuredClone(generateContent({ transactions: 12, articles: 2, seed: 6 }));
    for (const deal of (doc as unknown as Doc).transactions) {
      delete deal.Counterparty;
      delete deal.Service;
    }
    const db = await withDb(parsed(doc));
    const text = await exported(db);
    expect(text).not.toMatch(/"(Counterparty|Service)"/);
    expect(JSON.parse(text)).toEqual(parsed(doc));
  });
});

describe.runIf(TEST_DIALECT === "sqlite")("a write beside another writer (SQLite)", () => {
  it("is not failed by a commit of another connection between its first read and its first write", async () => {
    const content = parsed(generateContent({ transactions: 20, articles: 5, seed: 5 }));
    const t = await tempDatabase(content);
    cleanups.push(t.cleanup);
    // Another writer on the same file, as the record's worker thread is beside a hook's sync.
    const other = new SQLite(t.url.replace(/^file:/, ""), { timeout: 0 });
    cleanups.push(async () => void other.close());
    other.exec("CREATE TABLE elsewhere (n integer)");
    let otherWriter = "";
    // It writes right after the hook's write runs its first statement (which reads).
    const between: KyselyPlugin = {
      transformQuery: ({ node }) => node,
      async transformResult({ result }) {
        if (otherWriter === "") {
          try {
            other.prepare("INSERT INTO elsewhere VALUES (1)").run();
            otherWriter = "committed";
          } catch {
            otherWriter = "waits";
          }
        }
        return result;
      },
    };
    const before = await contentRevision(t.db);
    const deal = content.transactions[3]!;
    const revision = await writeItems(
      { ...t.db, kysely: t.db.kysely.withPlugin(between) },
      {
        deals: { removed: [], written: [{ ...deal, Company: "Written Beside Another Holdings" }] },
        articles: { removed: [], written: [] },
        descriptions: {},
      },
      { ifRevision: before, tags: [`deal-${deal.Id}`] },
    );
    expect(revision).toBe(before + 1);
    expect((await readContent(t.db)).transactions[3]!.Company).toBe(
      "Written Beside Another Holdings",
    );
    // The other writer waited its turn, and writes now.
    expect(otherWriter).toBe("waits");
    expect(() => other.prepare("INSERT INTO elsewhere VALUES (2)").run()).not.toThrow();
  });
});

describe.runIf(TEST_DIALECT === "postgres")("two writes at once (PostgreSQL)", () => {
  it("each move the revision on, one after the other, when the second began before the first committed", async () => {
    const db = await withDb();
    const before = await contentRevision(db);
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    // A hook's write is under way, its revision counted and not yet committed…
    const first = db.kysely.transaction().execute(async (tx) => {
      const revision = await commitRevision(tx, db.dialect, ["deal-a"]);
      await held;
      return revision;
    });
    await until("the first write counted its revision", async () => (await locksHeld(db)) > 0);
    // …when an image's renditions are stored: their revision waits for it.
    const second = db.kysely
      .transaction()
      .execute((tx) => commitRevision(tx, db.dialect, ["image-b"]));
    await until("the second write waits for the first", async () => (await waitingOnLocks(db)) > 0);
    release();
    expect(await Promise.all([first, second])).toEqual([before + 1, before + 2]);
    expect(await contentRevision(db)).toBe(before + 2);
  });
});

/** Sessions of this database holding a row lock (an update not yet committed). */
async function locksHeld(db: Db): Promise<number> {
  const { rows } = await sql<{ n: string }>`
    select count(*) as n from pg_locks l join pg_stat_activity a on a.pid = l.pid
    where a.datname = current_database() and l.locktype = 'transactionid' and l.granted`.execute(
    db.kysely,
  );
  return Number(rows[0]!.n);
}

/** Sessions of this database waiting on another's lock. */
async function waitingOnLocks(db: Db): Promise<number> {
  const { rows } = await sql<{ n: string }>`
    select count(*) as n from pg_stat_activity
    where datname = current_database() and wait_event_type = 'Lock'`.execute(db.kysely);
  return Number(rows[0]!.n);
}
