import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import autocannon from "autocannon";
import { connect } from "../src/db/connect.ts";
import { generateContent } from "../src/db/demo/generate.ts";
import { migrate } from "../src/db/migrate.ts";
import { replaceContent } from "../src/db/repositories/content-repository.ts";
import { startPostgres } from "../tools/postgres.ts";
import { BUDGETS } from "./budgets.ts";
import { startBenchServer } from "./site-server.ts";

// Uncached site search (search pages are never cached) on SQLite and on PostgreSQL, side by side
// in one run: the same demo content, the same queries, alternating so both meet the same
// machine load. Then the median latency with 10,000 articles on each.
const QUERIES = [
  "advisory",
  "valuation",
  "earnout",
  "private equity",
  "market outlook",
  "due diligence",
  "capital",
  "restructuring",
  "board",
  "carve",
];
const requests = QUERIES.map((q) => ({
  method: "GET" as const,
  path: `/search?q=${encodeURIComponent(q)}`,
}));

/** A B B A twice: both servers meet the same drift of the shared machine. */
const ORDER = [
  "sqlite",
  "postgres",
  "postgres",
  "sqlite",
  "sqlite",
  "postgres",
  "postgres",
  "sqlite",
] as const;

async function run(url: string, connections: number, seconds: number) {
  const result = await autocannon({ url, connections, duration: seconds, requests });
  if (result.errors > 0 || result.non2xx > 0)
    throw new Error(`${url}: ${result.errors} errors, ${result.non2xx} non-2xx`);
  return { rate: result.requests.average, p50: result.latency.p50 };
}

/** A site over PostgreSQL (a throwaway server) and one over SQLite, with the demo content or `articles` articles. */
async function startPair(articles?: number) {
  const pg = await startPostgres();
  const dir = mkdtempSync(join(tmpdir(), "site-bench-search-"));
  const sqliteUrl = `file:${join(dir, "site.db")}`;
  if (articles !== undefined) {
    const content = generateContent({ transactions: 100, articles });
    for (const url of [pg.url, sqliteUrl]) {
      const db = connect(url, { create: true, timeoutMs: 120_000 });
      await migrate(db);
      await replaceContent(db, content);
      await db.close();
    }
  }
  const postgres = await startBenchServer({ DATABASE_URL: pg.url, SEED_DEMO: "true" });
  const sqlite = await startBenchServer({ DATABASE_URL: sqliteUrl, SEED_DEMO: "true" });
  return {
    sqlite,
    postgres,
    async close() {
      await Promise.all([sqlite.close(), postgres.close()]);
      await pg.remove();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export async function benchSearch(): Promise<string[]> {
  const lines: string[] = [];
  const demo = await startPair();
  try {
    // Warm: the JIT, PostgreSQL's backends and caches still gain for several seconds, and a
    // cold first run would tilt the ratio toward whichever server runs second.
    for (const s of [demo.sqlite, demo.postgres]) await run(s.url, 10, 6);
    const rates = { sqlite: [] as number[], postgres: [] as number[] };
    for (const db of ORDER) rates[db].push((await run(demo[db].url, 10, 5)).rate);
    const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
    const [lite, post] = [mean(rates.sqlite), mean(rates.postgres)];
    const ratio = post / lite;
    lines.push(
      `Search, uncached, demo content, ${QUERIES.length} queries, 10 connections, ${ORDER.length} runs of 5 s alternating: ` +
        `SQLite ${lite.toFixed(0)} req/s, PostgreSQL ${post.toFixed(0)} req/s, ratio ${ratio.toFixed(2)} ` +
        `(budget ≥ ${BUDGETS.searchPostgresRatio}) ${ratio >= BUDGETS.searchPostgresRatio ? "PASS" : "FAIL"}`,
    );
  } finally {
    await demo.close();
  }
  const large = await startPair(10_000);
  try {
    for (const db of ["sqlite", "postgres"] as const) {
      await run(large[db].url, 4, 2);
      const { p50, rate } = await run(large[db].url, 4, 8);
      lines.push(
        `Search, uncached, 10,000 articles, ${db === "sqlite" ? "SQLite" : "PostgreSQL"}: p50 ${p50} ms at 4 connections (${rate.toFixed(0)} req/s)`,
      );
    }
  } finally {
    await large.close();
  }
  return lines;
}
