import { fork, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer, request, type IncomingHttpHeaders } from "node:http";
import { createRequire } from "node:module";
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

// The API budget (DESIGN §7): `transactions` at 5,000 rows, cached, served at ≥ 70% of the rate of
// a bare node:http server sending the same bytes with the same headers, measured in the same run.
// The servers run in a child process so that autocannon (here) does not share their event loop.

const PATH = "/api/default/transactions?$orderby=Date%20desc";
const REQUEST_HEADERS = { "accept-encoding": "br" };
const CONNECTIONS = 20;
const SECONDS = 8;
const BUDGET = 0.7;
// Per-connection headers the bare server's Node writes itself.
const HOP_BY_HOP = new Set(["date", "connection", "keep-alive", "transfer-encoding"]);

interface Autocannon {
  (
    options: Record<string, unknown>,
  ): Promise<{ requests: { average: number }; errors: number; non2xx: number }>;
}
const autocannon = createRequire(import.meta.url)("autocannon") as Autocannon;

/** Runs the API benchmark; returns the lines to print. */
export async function benchApi(): Promise<{ lines: string[] }> {
  const lines: string[] = [];
  const servers = await startServers(5_000);
  try {
    const first = await timed(`${servers.appUrl}${PATH}`);
    const cached = await timed(`${servers.appUrl}${PATH}`);
    const bareUrl = await servers.startBare();
    lines.push(
      `API transactions, 5,000 rows, ${(first.bytes / 1024).toFixed(0)} KiB br (${(first.plainBytes / 1024).toFixed(0)} KiB JSON): ` +
        `first request ${first.ms.toFixed(0)} ms uncached, then ${cached.ms.toFixed(1)} ms cached`,
    );
    const rates: Record<"app" | "bare", number[]> = { app: [], bare: [] };
    const urls = { app: `${servers.appUrl}${PATH}`, bare: `${bareUrl}${PATH}` };
    for (const target of ["app", "bare"] as const) await cannon(urls[target], 2);
    for (const target of ["app", "bare", "bare", "app"] as const) {
      rates[target].push(await cannon(urls[target], SECONDS));
    }
    const app = mean(rates.app);
    const bare = mean(rates.bare);
    const ratio = app / bare;
    lines.push(
      `API transactions cached, ${CONNECTIONS} connections × ${SECONDS} s, alternating: ` +
        `app ${app.toFixed(0)} req/s, bare node:http ${bare.toFixed(0)} req/s, ` +
        `ratio ${ratio.toFixed(2)} (budget ≥ ${BUDGET.toFixed(2)}) ${ratio >= BUDGET ? "PASS" : "FAIL"}`,
    );
  } finally {
    await servers.stop();
  }
  const large = await startServers(50_000);
  try {
    const first = await timed(`${large.appUrl}${PATH}`);
    lines.push(
      `API transactions, 50,000 rows (first page of API_MAX_PAGE): first request ${first.ms.toFixed(0)} ms uncached`,
    );
  } finally {
    await large.stop();
  }
  return { lines };
}

async function cannon(url: string, duration: number): Promise<number> {
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration,
    headers: REQUEST_HEADERS,
  });
  if (result.errors > 0 || result.non2xx > 0)
    throw new Error(`${url}: ${result.errors} errors, ${result.non2xx} non-2xx`);
  return result.requests.average;
}

const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;

/** One GET with the benchmark's headers: its status, headers, body and time to the last byte. */
function get(url: string, headers: Record<string, string> = REQUEST_HEADERS) {
  return new Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer; ms: number }>(
    (resolve, reject) => {
      const start = performance.now();
      request(url, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks),
            ms: performance.now() - start,
          }),
        );
      })
        .on("error", reject)
        .end();
    },
  );
}

async function timed(url: string) {
  const response = await get(url);
  if (response.status !== 200 || response.headers["content-encoding"] !== "br")
    throw new Error(`${url}: unexpected reply ${response.status}`);
  const plain = Number((await get(url, {})).headers["content-length"]);
  return { ms: response.ms, bytes: response.body.length, plainBytes: plain };
}

// ---- the child process: the app and, later, the bare server --------------------------------

type Message = { appUrl: string } | { bareUrl: string };

async function startServers(rows: number) {
  const child: ChildProcess = fork(fileURLToPath(import.meta.url), ["--serve", String(rows)], {
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  const next = () =>
    new Promise<Message>((resolve, reject) => {
      child.once("message", (m) => resolve(m as Message));
      child.once("exit", (code) => reject(new Error(`bench server exited with ${code}`)));
    });
  const { appUrl } = (await next()) as { appUrl: string };
  return {
    appUrl,
    async startBare() {
      child.send("bare");
      return ((await next()) as { bareUrl: string }).bareUrl;
    },
    async stop() {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      await exited;
    },
  };
}

async function serve(rows: number) {
  const dir = mkdtempSync(join(tmpdir(), "site-bench-api-"));
  const db = connect(`file:${join(dir, "site.db")}`);
  await migrate(db);
  await replaceContent(db, generateContent({ transactions: rows, articles: 20 }));
  const content = await watchContent(db, 60_000);
  const app = await buildApp({ config: loadConfig({ LOG_LEVEL: "silent" }), db, content });
  const appUrl = await app.listen({ port: 0, host: "127.0.0.1" });
  process.once("SIGTERM", () => {
    void app.close().then(async () => {
      content.stop();
      await db.close();
      rmSync(dir, { recursive: true, force: true });
      process.exit(0);
    });
  });
  process.on("message", async () => {
    // The bare server sends what the app sent for the same request: same bytes, same headers.
    const sample = await get(`${appUrl}${PATH}`);
    const headers = Object.fromEntries(
      Object.entries(sample.headers).filter(([name]) => !HOP_BY_HOP.has(name)),
    );
    const bare = createServer((_req, res) => {
      res.writeHead(200, headers);
      res.end(sample.body);
    });
    await new Promise<void>((resolve) => bare.listen(0, "127.0.0.1", resolve));
    const address = bare.address();
    process.send?.({
      bareUrl: `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`,
    });
  });
  process.send?.({ appUrl });
}

if (process.argv[1] === fileURLToPath(import.meta.url) && process.argv[2] === "--serve") {
  await serve(Number(process.argv[3]));
}
