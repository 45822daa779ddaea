/** The budgets that `npm run bench` checks, in one place (figures: docs/benchmarks.md). */
export const BUDGETS = {
  /** Cached API `transactions` (5,000 rows) vs a bare node:http server sending the same bytes. */
  apiThroughputRatio: 0.9,
  /** A cached content page vs a bare node:http server sending the same HTML. */
  pageThroughputRatio: 0.8,
  /** gzip JavaScript a page loads, in kB (1,000 bytes). */
  jsKbContentPage: 75,
  jsKbTransactions: 95,
  /** CSS (gzip) and font files (as sent) a page loads, in kB. */
  cssKbPage: 30,
  fontKbPage: 100,
  /** embed.js and its chunks on another site's page, both widgets, React included (within 5%). */
  embedKb: 84,
  /** Uncached search throughput, PostgreSQL ÷ SQLite, demo content, same run. */
  searchPostgresRatio: 0.8,
  /** Search quality on the judged query set, each database, built whole and item by item. */
  searchNdcg: 0.95,
  searchTop1: 0.97,
  /** 10,000 deals and 10,000 articles on SQLite, 4 connections: uncached search p50 and suggestion p95 (ms). */
  searchP50Ms: 15,
  suggestP95Ms: 10,
  /** Uncached search p50, PostgreSQL ÷ SQLite, the same run: at most this much slower. */
  searchPostgresSlowdown: 1.25,
  /** A deal page's first render at 50,000 deals, SQLite, one connection: p50 (ms). */
  dealPageP50Ms: 20,
  /** Longest time from an import's commit until every instance has dropped its caches (ms). */
  importSeenMs: 100,
  /** Lighthouse mobile performance score and Total Blocking Time, median of 3 runs per page. */
  lighthousePerformance: 95,
  lighthouseTbtMs: 200,
  /** The leadership page on a 375 px phone (2×): image bytes its load downloads (kB). */
  leadershipImagesKb: 150,
  /** Filter submit to updated table, 10,000 transactions, Chromium, median. */
  filterMs: 50,
  /** First sync from Sitefinity vs fetching each item by itself at the service's rate. */
  syncFirstSpeedup: 10,
  /** A service hook's POST to the first reply through Varnish that shows it, p95 (ms). */
  publishP95Ms: 500,
  /** One 2,000 × 2,500 photograph held at sync: fetched, checked and stored (ms, median). */
  imageHoldMs: 1000,
  /** Its renditions, made in the background: a page shows the original until then (ms). */
  imageRenditionsMs: 10_000,
  /** The site's record: a one-deal write to its capture's commit, 10,000 deals, p95 (seconds). */
  recordCaptureP95S: 5,
  /** Varnish in front, the load test's mix after warm-up: lookups answered from its cache. */
  varnishHitRatio: 0.99,
} as const;
