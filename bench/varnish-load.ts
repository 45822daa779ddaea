import autocannon from "autocannon";
import { freePort } from "../tools/free-port.ts";
import { findVarnish, startVarnish } from "../tools/varnish.ts";
import { startBareServer } from "./bare-server.ts";
import { BUDGETS } from "./budgets.ts";
import { loadTestPaths, startBenchServer } from "./site-server.ts";

// Varnish in front (deploy/varnish.vcl), under the load test's mix of pages and API calls: the
// share of lookups Varnish answered from its cache after a warm-up (varnishstat's cache_hit and
// cache_miss over the run), and its throughput against the same Varnish setup serving one static
// reply of the same mean size, measured in the same run: the ceiling for this machine.

const CONNECTIONS = 100;
const WARM_UP_S = 5;
const RUN_S = 10;
const HEADERS = { "accept-encoding": "br, gzip" };

/** Runs the section; returns the lines to print. */
export async function benchVarnishLoad(): Promise<string[]> {
  const found = findVarnish();
  if ("missing" in found)
    return [`Varnish in front: skipped, it needs ${found.missing.join("; ")}`];
  const port = await freePort();
  // With a purger the site gives its replies a long lifetime at shared caches.
  const site = await startBenchServer({ VARNISH_URLS: `http://127.0.0.1:${port}` });
  const varnish = await startVarnish([new URL(site.url)], { port, memory: "256m" });
  try {
    const paths = await loadTestPaths(site.url);
    const requests = paths.map((path) => ({ method: "GET" as const, path, headers: HEADERS }));
    const load = (url: string, duration: number, each = requests) =>
      autocannon({ url, connections: CONNECTIONS, duration, requests: each, timeout: 10 });
    await load(varnish.url, WARM_UP_S);
    const before = varnish.counters();
    const result = await load(varnish.url, RUN_S);
    // Varnish adds its workers' counts to the totals in batches: let them land.
    await new Promise((r) => setTimeout(r, 1500));
    const after = varnish.counters();
    const delta = (name: string) => (after[name] ?? 0) - (before[name] ?? 0);
    const [hits, misses] = [delta("MAIN.cache_hit"), delta("MAIN.cache_miss")];
    const ratio = hits / Math.max(1, hits + misses);
    const meanBytes = Math.round(result.throughput.total / Math.max(1, result.requests.total));

    const bare = await startBareServer({
      status: 200,
      headers: { "content-type": "text/html; charset=utf-8", "cache-control": "s-maxage=3600" },
      body: Buffer.alloc(meanBytes, "x"),
    });
    const ceiling = await startVarnish([new URL(bare.url)], { memory: "64m" });
    let staticRate = 0;
    try {
      const one = [{ method: "GET" as const, path: "/static", headers: HEADERS }];
      await load(ceiling.url, 2, one);
      staticRate = (await load(ceiling.url, RUN_S, one)).requests.average;
    } finally {
      await ceiling.stop();
      await bare.stop();
    }
    const rate = result.requests.average;
    const failures = result.errors + result.timeouts + result.non2xx;
    return [
      `Varnish in front, the load test's ${paths.length} addresses, ${CONNECTIONS} connections for ${RUN_S} s after ${WARM_UP_S} s of warm-up: ` +
        `hit ratio ${(ratio * 100).toFixed(2)}% (${hits} hits, ${misses} misses; goal ≥ ${BUDGETS.varnishHitRatio * 100}%) ` +
        `${ratio >= BUDGETS.varnishHitRatio && failures === 0 ? "PASS" : "FAIL"}` +
        (failures > 0 ? ` (${failures} errors, timeouts or non-2xx)` : ""),
      `Varnish in front, throughput: ${rate.toFixed(0)} req/s over the mix, ` +
        `${staticRate.toFixed(0)} req/s for one static reply of the same mean size (${(meanBytes / 1024).toFixed(1)} KiB), ` +
        `ratio ${(rate / Math.max(1, staticRate)).toFixed(2)}`,
    ];
  } finally {
    await varnish.stop();
    await site.close();
  }
}
