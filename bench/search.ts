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
import { benchSearchQuality } from "./search-quality.ts";
import { startBenchServer } from "./site-server.ts";

// The site search: its quality on the judged query set on SQLite and PostgreSQL, built whole and
// item by item; then uncached search pages on both side by side (same content, same queries,
// alternating so both meet the same machine load); then, at 10,000 deals and 10,000 articles, the
// median search and the 95th-percentile suggestion at 4 connections on each, alternating.

/** What visitors type: topics and phrases, clients and buyers, typos and unfinished words. */
export const QUERIES = [
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
  "keystone",
  "lindqvist",
  "acqusition",
  "recapitaliz",
  "économie",
  "aerospace",
  "Keystone Home Co.",
  "habror consulting",
  "fairhavn foods",
  "letters of intent",
];
const searches = QUERIES.map((q) => ({
  method: "GET" as const,
  path: `/search?q=${encodeURIComponent(q)}`,
}));

/**
 * Suggestions as typed, letter by letter from the second, for the titles of `content`: distinct
 * queries, so that each reply is computed (the endpoint caches per query).
 */
function typedPrefixes(content: ReturnType<typeof generateContent>) {
  const titles = [
    ...content.transactions.map((t) => t.Company),
    ...content.flatTaxa.map((t) => t.Title),
    ...content.articles.map((a) => a.Title),
  ];
  const prefixes = new Set<string>();
  for (const title of titles)
    for (let n = 2; n <= Math.min(title.length, 24); n++)
      prefixes.add(title.slice(0, n).toLowerCase());
  return [...prefixes].map((q) => ({
    method: "GET" as const,
    path: `/search/suggestions?q=${encodeURIComponent(q)}`,
  }));
}

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

type Requests = { method: "GET"; path: string }[];
type Measured = Awaited<ReturnType<typeof run>>;

async function run(
  url: string,
  connections: number,
  seconds: number,
  requests = searches as Requests,
) {
  const result = await autocannon({ url, connections, duration: seconds, requests });
  if (result.errors > 0 || result.non2xx > 0)
    throw new Error(`${url}: ${result.errors} errors, ${result.non2xx} non-2xx`);
  return { rate: result.requests.average, p50: result.latency.p50, p97: result.latency.p97_5 };
}

/** A site over PostgreSQL (a throwaway server) and one over SQLite, both holding `content`. */
async function startPair(content: ReturnType<typeof generateContent>, lines?: string[]) {
  const pg = await startPostgres();
  const dir = mkdtempSync(join(tmpdir(), "site-bench-search-"));
  const sqliteUrl = `file:${join(dir, "site.db")}`;
  for (const url of [pg.url, sqliteUrl]) {
    const db = connect(url, { create: true, timeoutMs: 300_000 });
    await migrate(db);
    await replaceContent(db, content);
    await db.close();
  }
  if (lines) {
    lines.push(...(await benchSearchQuality(sqliteUrl, "SQLite")));
    lines.push(...(await benchSearchQuality(pg.url, "PostgreSQL")));
  }
  const postgres = await startBenchServer({ DATABASE_URL: pg.url });
  const sqlite = await startBenchServer({ DATABASE_URL: sqliteUrl });
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

const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;

export async function benchSearch(): Promise<string[]> {
  const lines: string[] = [];
  const demo = await startPair(generateContent(), lines);
  try {
    // Warm: the JIT, PostgreSQL's backends and caches still gain for several seconds, and a
    // cold first run would tilt the ratio toward whichever server runs second.
    for (const s of [demo.sqlite, demo.postgres]) await run(s.url, 10, 6);
    const rates = { sqlite: [] as number[], postgres: [] as number[] };
    for (const db of ORDER) rates[db].push((await run(demo[db].url, 10, 5)).rate);
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
  const content = generateContent({ transactions: 10_000, articles: 10_000 });
  const suggestions = typedPrefixes(content);
  const large = await startPair(content);
  try {
    for (const db of ["sqlite", "postgres"] as const) await run(large[db].url, 4, 3);
    // Each database twice, 4 s a run, in the order S P P S: both meet the same drift.
    const runs = { sqlite: [] as Measured[], postgres: [] as Measured[] };
    const typed = { sqlite: [] as Measured[], postgres: [] as Measured[] };
    for (const db of ORDER.slice(0, 4)) {
      runs[db].push(await run(large[db].url, 4, 4));
      typed[db].push(await run(large[db].url, 4, 4, suggestions));
    }
    const figures = (db: "sqlite" | "postgres") => ({
      p50: mean(runs[db].map((r) => r.p50)),
      rate: mean(runs[db].map((r) => r.rate)),
      suggestP97: mean(typed[db].map((r) => r.p97)),
      suggestP50: mean(typed[db].map((r) => r.p50)),
      suggestRate: mean(typed[db].map((r) => r.rate)),
    });
    const lite = figures("sqlite");
    const post = figures("postgres");
    const verdict = (pass: boolean) => (pass ? "PASS" : "FAIL");
    const size = "10,000 deals + 10,000 articles";
    lines.push(
      `Search, uncached, ${size}, ${QUERIES.length} queries, 4 connections, 2 runs of 4 s each: ` +
        `SQLite p50 ${lite.p50.toFixed(1)} ms (${lite.rate.toFixed(0)} req/s) ` +
        `(budget ≤ ${BUDGETS.searchP50Ms} ms) ${verdict(lite.p50 <= BUDGETS.searchP50Ms)}`,
      `Suggestions, ${suggestions.length} distinct prefixes as typed, ${size}, 4 connections: ` +
        `SQLite p97.5 ${lite.suggestP97.toFixed(1)} ms, p50 ${lite.suggestP50.toFixed(1)} ms ` +
        `(${lite.suggestRate.toFixed(0)} req/s) (budget p95 ≤ ${BUDGETS.suggestP95Ms} ms; p97.5 is ` +
        `the nearest autocannon reports) ${verdict(lite.suggestP97 <= BUDGETS.suggestP95Ms)}`,
      `Search and suggestions on PostgreSQL, same run: search p50 ${post.p50.toFixed(1)} ms ` +
        `(${post.rate.toFixed(0)} req/s), ${(post.p50 / lite.p50).toFixed(2)}× SQLite; suggestions ` +
        `p97.5 ${post.suggestP97.toFixed(1)} ms, p50 ${post.suggestP50.toFixed(1)} ms, ` +
        `${(post.suggestP97 / lite.suggestP97).toFixed(2)}× SQLite ` +
        `(budget ≤ ${BUDGETS.searchPostgresSlowdown}× each) ` +
        verdict(
          post.p50 <= lite.p50 * BUDGETS.searchPostgresSlowdown &&
            post.suggestP97 <= lite.suggestP97 * BUDGETS.searchPostgresSlowdown,
        ),
    );
  } finally {
    await large.close();
  }
  return lines;
}
