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
