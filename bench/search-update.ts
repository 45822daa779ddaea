import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Kysely } from "kysely";
import { connect, type Db } from "../src/db/connect.ts";
import { generateContent } from "../src/db/demo/generate.ts";
import { migrate } from "../src/db/migrate.ts";
import type { Database } from "../src/db/schema.ts";
import { replaceContent } from "../src/db/repositories/content-repository.ts";
import {
  rebuildSearchIndex,
  updateSearchIndex,
} from "../src/db/repositories/search-index-repository.ts";
import { searchRepository } from "../src/db/repositories/search-repository.ts";
import { createSearch } from "../src/search/engine.ts";
import { startPostgres } from "../tools/postgres.ts";
import { describeQuality, evaluateSearch } from "../tools/search-quality/evaluate.ts";

// A deal or article published, changed or unpublished, indexed alone (updateSearchIndex) against
// the whole index built again (rebuildSearchIndex), at 10,000 deals + 5,000 articles on SQLite and
// PostgreSQL; and on the demo content, the judged set after forty deals and articles were indexed
// one at a time against a full build of the same content: how far the ranking drifts until the
// next full build. `npm run bench -- search-update`, or alone: node bench/search-update.ts

const RUNS = 15;
type K = Kysely<Database>;

/** Each change as the write path makes it: the content row, then the index, in one transaction. */
const CHANGES: Record<
  string,
  (k: K, id: string, run: number) => Promise<{ deals: string[]; articles: string[] }>
> = {
  "deal changed": async (k, id, run) => {
    await k
      .updateTable("transactions")
      .set({ Counterparty: `Quillfeather ${run}` })
      .where("Id", "=", id)
      .execute();
    return { deals: [id], articles: [] };
  },
  "deal published": async (k, id, run) => {
    const row = await k
      .selectFrom("transactions")
      .selectAll()
      .where("Id", "=", id)
      .executeTakeFirstOrThrow();
    const Id = `00000000-0000-4000-8000-${String(run).padStart(12, "0")}`;
    await k
      .insertInto("transactions")
      .values({
        ...row,
        Id,
        UrlName: `published-${run}`,
        Company: `Orbital ${run} Co.`,
        Position: 1e6 + run,
        Date: "2031-01-01T00:00:00Z",
      })
      .execute();
    return { deals: [Id], articles: [] };
  },
  "deal unpublished": async (k, id) => {
    await k.deleteFrom("transaction_industries").where("TransactionId", "=", id).execute();
    await k.deleteFrom("transactions").where("Id", "=", id).execute();
    return { deals: [id], articles: [] };
  },
  "article changed": async (k, id, run) => {
    await k
      .updateTable("articles")
      .set({ Title: `Marginalia ${run}` })
      .where("Id", "=", id)
      .execute();
    return { deals: [], articles: [id] };
  },
};

const percentile = (xs: number[], p: number) =>
  xs.toSorted((a, b) => a - b)[Math.ceil((xs.length - 1) * p)]!;
const time = async (f: () => Promise<unknown>) => {
  const start = performance.now();
  await f();
  return performance.now() - start;
};

async function timings(db: Db, name: string): Promise<string[]> {
  const k = db.kysely;
  const deals = (
    await k
      .selectFrom("transactions")
      .select("Id")
      .orderBy("Position")
      .limit(RUNS * 3)
      .execute()
  ).map((r) => r.Id);
  const articles = (
    await k.selectFrom("articles").select("Id").orderBy("Position").limit(RUNS).execute()
  ).map((r) => r.Id);
  const lines = [
    `${name}, whole index built again (rebuildSearchIndex): ${(await time(() => k.transaction().execute((tx) => rebuildSearchIndex(tx)))).toFixed(0)} ms`,
  ];
  let n = 0;
  for (const [label, change] of Object.entries(CHANGES)) {
    const took: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      const id = label.startsWith("article") ? articles[run]! : deals[n++]!;
      await k.transaction().execute(async (tx) => {
        const changed = await change(tx, id, run);
        took.push(await time(() => updateSearchIndex(tx, changed)));
      });
    }
    lines.push(
      `${name}, one ${label}, updateSearchIndex: p50 ${percentile(took, 0.5).toFixed(1)} ms, p95 ${percentile(took, 0.95).toFixed(1)} ms (${RUNS} runs)`,
    );
  }
  return lines;
}

/** The judged set after items were indexed one at a time, against a full build of the same. */
async function drift(db: Db): Promise<string[]> {
  const k = db.kysely;
  const ids = (
    await k.selectFrom("transactions").select("Id").orderBy("Position").limit(30).execute()
  ).map((r) => r.Id);
  const articles = (
    await k.selectFrom("articles").select("Id").orderBy("Position").limit(10).execute()
  ).map((r) => r.Id);
  for (const [i, id] of ids.entries())
    await k.transaction().execute(async (tx) => {
      await tx
        .updateTable("transactions")
        .set({
          Counterparty: `Quillfeather ${i}`,
          Date: `2031-01-${String((i % 28) + 1).padStart(2, "0")}T00:00:00Z`,
        })
        .where("Id", "=", id)
        .execute();
      await updateSearchIndex(tx, { deals: [id], articles: [] });
    });
  for (const [i, id] of articles.entries())
    await k.transaction().execute(async (tx) => {
      await tx
        .updateTable("articles")
        .set({ Title: `Marginalia ${i}` })
        .where("Id", "=", id)
        .execute();
      await updateSearchIndex(tx, { deals: [], articles: [id] });
    });
  const incremental = await evaluateSearch(createSearch(searchRepository(db)));
  await k.transaction().execute((tx) => rebuildSearchIndex(tx));
  const full = await evaluateSearch(createSearch(searchRepository(db)));
  const differ = incremental.queries.filter((q, i) => q.top.join() !== full.queries[i]!.top.join());
  const firstDiffers = incremental.queries.filter((q, i) => q.top[0] !== full.queries[i]!.top[0]);
  return [
    `demo, 30 deals (each now the newest) and 10 articles indexed one at a time: ${describeQuality(incremental)}`,
    `demo, the same content built whole: ${describeQuality(full)}`,
    `judged queries whose top 10 differ: ${differ.length} of ${full.queries.length}; whose first result differs: ${firstDiffers.length}`,
  ];
}

async function loaded(url: string, content: ReturnType<typeof generateContent>) {
  const db = connect(url, { create: true, timeoutMs: 600_000 });
  await migrate(db);
  await replaceContent(db, content);
  return db;
}

export async function benchSearchUpdate(): Promise<string[]> {
  const lines: string[] = [];
  const folder = mkdtempSync(join(tmpdir(), "search-update-"));
  const pg = await startPostgres();
  try {
    const large = generateContent({ transactions: 10_000, articles: 5_000 });
    for (const [name, url] of [
      ["10,000 deals + 5,000 articles, SQLite", `file:${join(folder, "large.db")}`],
      ["10,000 deals + 5,000 articles, PostgreSQL", pg.url],
    ] as const) {
      const db = await loaded(url, large);
      lines.push(...(await timings(db, name)));
      await db.close();
    }
    const demo = await loaded(`file:${join(folder, "demo.db")}`, generateContent());
    lines.push(...(await drift(demo)));
    await demo.close();
  } finally {
    await pg.remove();
    rmSync(folder, { recursive: true, force: true });
  }
  return lines;
}

if (import.meta.main) for (const line of await benchSearchUpdate()) console.log(line);
