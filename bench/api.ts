import { generateContent } from "../src/db/demo/generate.ts";
import { BUDGETS } from "./budgets.ts";
import { compareWithBare, get } from "./compare.ts";
import { startBenchServer } from "./site-server.ts";

// The API budget: `transactions` at 5,000 rows, cached, served at ≥ 90% of the rate of
// a bare node:http server sending the same bytes with the same headers, measured in the same run.
// The site runs as `npm start` runs it, at the default settings (request logging included), in a
// process of its own, so that autocannon (here) does not share its event loop.

const PATH = "/api/default/transactions?$orderby=Date%20desc";
const REQUEST_HEADERS = { "accept-encoding": "br" };

/** Runs the API benchmark; returns the lines to print. */
export async function benchApi(): Promise<string[]> {
  const lines: string[] = [];
  const app = await startBenchServer({}, generateContent({ transactions: 5_000, articles: 20 }));
  try {
    const first = await get(`${app.url}${PATH}`, REQUEST_HEADERS);
    const cached = await get(`${app.url}${PATH}`, REQUEST_HEADERS);
    const plain = await get(`${app.url}${PATH}`);
    lines.push(
      `API transactions, 5,000 rows, ${(first.body.length / 1024).toFixed(0)} KiB br (${(plain.body.length / 1024).toFixed(0)} KiB JSON): ` +
        `first request ${first.ms.toFixed(0)} ms uncached, then ${cached.ms.toFixed(1)} ms cached`,
    );
    const before = app.logLines();
    const r = await compareWithBare(app.url, PATH, REQUEST_HEADERS);
    const pass = r.ratio >= BUDGETS.apiThroughputRatio;
    lines.push(
      `API transactions cached, default settings (${app.logLines() - before} log lines written), ${r.method}: ` +
        `app ${r.app.toFixed(0)} req/s, bare node:http ${r.bare.toFixed(0)} req/s, ratio ${r.ratio.toFixed(2)} ` +
        `(budget ≥ ${BUDGETS.apiThroughputRatio.toFixed(2)}) ${pass ? "PASS" : "FAIL"}`,
    );
  } finally {
    await app.close();
  }
  const large = await startBenchServer({}, generateContent({ transactions: 50_000, articles: 20 }));
  try {
    const first = await get(`${large.url}${PATH}`, REQUEST_HEADERS);
    lines.push(
      `API transactions, 50,000 rows (first page of API_MAX_PAGE): first request ${first.ms.toFixed(0)} ms uncached`,
    );
  } finally {
    await large.close();
  }
  return lines;
}
