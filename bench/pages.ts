import { generateContent } from "../src/db/demo/generate.ts";
import { dealPath } from "../src/rules/site-paths.ts";
import { BUDGETS } from "./budgets.ts";
import { compareWithBare } from "./compare.ts";
import { samplePaths, startBenchServer } from "./site-server.ts";

/** Cached content pages served by the site vs a bare node:http server sending the same HTML. */
export async function benchPages(): Promise<string[]> {
  const server = await startBenchServer();
  const lines: string[] = [];
  try {
    const { article } = await samplePaths(server.url);
    for (const [name, path] of [
      ["home page", "/"],
      ["article page", article],
    ] as const) {
      const before = server.logLines();
      const r = await compareWithBare(server.url, path, { "accept-encoding": "br, gzip" });
      const pass = r.ratio >= BUDGETS.pageThroughputRatio;
      lines.push(
        `Page ${name}, cached (${(r.bytes / 1024).toFixed(1)} KiB ${r.encoding ?? "identity"}), default settings ` +
          `(${server.logLines() - before} log lines written), ${r.method}: ` +
          `site ${r.app.toFixed(0)} req/s, bare node:http ${r.bare.toFixed(0)} req/s, ratio ${r.ratio.toFixed(2)} ` +
          `(budget ≥ ${BUDGETS.pageThroughputRatio.toFixed(2)}) ${pass ? "PASS" : "FAIL"}`,
      );
    }
  } finally {
    await server.close();
  }
  return lines;
}

/** How many deal pages, each rendered once, the deal-page figure times. */
const DEAL_PAGES = 200;

/**
 * A deal page's first render at 50,000 deals (SQLite): distinct deal pages asked for one after
 * another (each rendered, then kept), as a browser asks (br, gzip), timed to the last byte.
 */
export async function benchDealPage(): Promise<string[]> {
  const content = generateContent({ transactions: 50_000 });
  const server = await startBenchServer({}, content);
  try {
    const step = Math.floor(content.transactions.length / (DEAL_PAGES + 20));
    const paths = content.transactions
      .filter((_, i) => i % step === 0)
      .map((deal) => dealPath(deal.UrlName));
    const fetchPage = async (path: string) => {
      const started = performance.now();
      const response = await fetch(`${server.url}${path}`, {
        headers: { "accept-encoding": "br, gzip" },
      });
      await response.arrayBuffer();
      if (response.status !== 200) throw new Error(`${path}: ${response.status}`);
      return performance.now() - started;
    };
    // The first few warm the JIT and the database's pages; the rest are timed.
    for (const path of paths.slice(0, 20)) await fetchPage(path);
    const times: number[] = [];
    for (const path of paths.slice(20, 20 + DEAL_PAGES)) times.push(await fetchPage(path));
    times.sort((a, b) => a - b);
    const p50 = times[Math.floor(times.length / 2)]!;
    const p95 = times[Math.floor(times.length * 0.95)]!;
    const pass = p50 <= BUDGETS.dealPageP50Ms;
    return [
      `Deal page, first render, 50,000 deals, SQLite, ${times.length} pages one after another ` +
        `(its related deals; br): p50 ${p50.toFixed(1)} ms, p95 ${p95.toFixed(1)} ms ` +
        `(budget p50 ≤ ${BUDGETS.dealPageP50Ms} ms) ${pass ? "PASS" : "FAIL"}`,
    ];
  } finally {
    await server.close();
  }
}
