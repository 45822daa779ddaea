import autocannon from "autocannon";
import { rssMiB } from "../tools/process-memory.ts";
import { loadTestPaths, startBenchServer } from "./site-server.ts";

// npm run loadtest: 100 connections for 30 s over a mix of pages and API calls, on 127.0.0.1 only.
// Passes with 0 errors, 0 timeouts, 0 responses other than 2xx, and memory after the run within
// 10% of memory after warm-up. Prints requests/s and p99 latency.
const CONNECTIONS = Number(process.env.LOADTEST_CONNECTIONS ?? 100);
const DURATION_S = Number(process.env.LOADTEST_SECONDS ?? 30);

const server = await startBenchServer();
try {
  const paths = await loadTestPaths(server.url);
  const requests = paths.map((path) => ({
    method: "GET" as const,
    path,
    headers: { "accept-encoding": "br, gzip" },
  }));
  const run = (connections: number, duration: number) =>
    autocannon({ url: server.url, connections, duration, requests, timeout: 10 });

  const pid = server.process.pid!;
  // Warm-up is the same workload, shorter: caches fill and the heap grows to its working size.
  await run(CONNECTIONS, 10);
  const warm = rssMiB(pid);
  const result = await run(CONNECTIONS, DURATION_S);
  await new Promise((r) => setTimeout(r, 2_000));
  const after = rssMiB(pid);
  const growth = (after - warm) / warm;
  const other = result.non2xx;

  console.log(
    `load test: ${CONNECTIONS} connections for ${DURATION_S} s over ${paths.length} addresses (pages and API)`,
  );
  console.log(
    `  requests:   ${result.requests.total} (${result.requests.average.toFixed(0)} req/s average)`,
  );
  console.log(
    `  latency:    p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, max ${result.latency.max} ms`,
  );
  console.log(`  errors:     ${result.errors}   timeouts: ${result.timeouts}   non-2xx: ${other}`);
  console.log(
    `  memory:     ${warm.toFixed(1)} MiB after warm-up, ${after.toFixed(1)} MiB after the run (${(growth * 100).toFixed(1)}%)`,
  );
  const ok = result.errors === 0 && result.timeouts === 0 && other === 0 && growth <= 0.1;
  console.log(
    ok ? "PASS" : "FAIL: budget is 0 errors, 0 timeouts, 0 non-2xx, memory growth <= 10%",
  );
  process.exitCode = ok ? 0 : 1;
} finally {
  await server.close();
}
