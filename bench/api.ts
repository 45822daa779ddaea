import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { connect } from "../src/db/connect.ts";
import { generateContent } from "../src/db/demo/generate.ts";
import { migrate } from "../src/db/migrate.ts";
import { replaceContent } from "../src/db/repositories/content-repository.ts";
import { buildApp } from "../src/server/app.ts";
import { loadConfig } from "../src/server/config.ts";
import { watchContent } from "../src/server/content-state.ts";
import { BUDGETS } from "./budgets.ts";
import { compareWithBare, get } from "./compare.ts";
import { forkServer } from "./fork-server.ts";

// The API budget (DESIGN §7): `transactions` at 5,000 rows, cached, served at ≥ 70% of the rate of
// a bare node:http server sending the same bytes with the same headers, measured in the same run.
// The app runs in a child process so that autocannon (here) does not share its event loop.

const PATH = "/api/default/transactions?$orderby=Date%20desc";
const REQUEST_HEADERS = { "accept-encoding": "br" };

/** Runs the API benchmark; returns the lines to print. */
export async function benchApi(): Promise<string[]> {
  const lines: string[] = [];
  const app = await startApp(5_000);
  try {
    const first = await get(`${app.url}${PATH}`, REQUEST_HEADERS);
    const cached = await get(`${app.url}${PATH}`, REQUEST_HEADERS);
    const plain = await get(`${app.url}${PATH}`);
    lines.push(
      `API transactions, 5,000 rows, ${(first.body.length / 1024).toFixed(0)} KiB br (${(plain.body.length / 1024).toFixed(0)} KiB JSON): ` +
        `first request ${first.ms.toFixed(0)} ms uncached, then ${cached.ms.toFixed(1)} ms cached`,
    );
    const r = await compareWithBare(app.url, PATH, REQUEST_HEADERS);
    const pass = r.ratio >= BUDGETS.apiThroughputRatio;
    lines.push(
      `API transactions cached, 20 connections × 8 s, alternating: app ${r.app.toFixed(0)} req/s, ` +
        `bare node:http ${r.bare.toFixed(0)} req/s, ratio ${r.ratio.toFixed(2)} ` +
        `(budget ≥ ${BUDGETS.apiThroughputRatio.toFixed(2)}) ${pass ? "PASS" : "FAIL"}`,
    );
  } finally {
    await app.stop();
  }
  const large = await startApp(50_000);
  try {
    const first = await get(`${large.url}${PATH}`, REQUEST_HEADERS);
    lines.push(
      `API transactions, 50,000 rows (first page of API_MAX_PAGE): first request ${first.ms.toFixed(0)} ms uncached`,
    );
  } finally {
    await large.stop();
  }
  return lines;
}

/** The app (API only) over `rows` generated transactions, in a child process. */
const startApp = (rows: number) =>
  forkServer(fileURLToPath(import.meta.url), ["--serve", String(rows)]);

async function serve(rows: number) {
  const dir = mkdtempSync(join(tmpdir(), "site-bench-api-"));
  const db = connect(`file:${join(dir, "site.db")}`);
  await migrate(db);
  await replaceContent(db, generateContent({ transactions: rows, articles: 20 }));
  const content = await watchContent(db, 60_000);
  const app = await buildApp({ config: loadConfig({ LOG_LEVEL: "silent" }), db, content });
  process.send?.(await app.listen({ port: 0, host: "127.0.0.1" }));
  process.once("SIGTERM", () => {
    void app.close().then(async () => {
      content.stop();
      await db.close();
      rmSync(dir, { recursive: true, force: true });
      process.exit(0);
    });
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url) && process.argv[2] === "--serve") {
  await serve(Number(process.argv[3]));
}
