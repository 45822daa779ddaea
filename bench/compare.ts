import { request } from "node:http";
import autocannon from "autocannon";
import { startBareServer, type Sample } from "./bare-server.ts";

/** One GET: status, headers, body and time to the last byte. */
export function get(url: string, headers: Record<string, string> = {}) {
  return new Promise<Sample & { ms: number }>((resolve, reject) => {
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
  });
}

/** Requests per second against one URL; any error or non-2xx reply fails the run. */
export async function rate(
  url: string,
  headers: Record<string, string>,
  connections: number,
  seconds: number,
) {
  const result = await autocannon({ url, connections, duration: seconds, headers });
  if (result.errors > 0 || result.non2xx > 0)
    throw new Error(`${url}: ${result.errors} errors, ${result.non2xx} non-2xx`);
  return result.requests.average;
}

/**
 * The target's rate for `path` against a bare node:http server replaying the target's own reply
 * (same bytes, same headers), measured in one run after a warm-up, alternating A B B A, `rounds`
 * times: this shared machine's speed drifts by a third within a minute, and short runs side by
 * side follow the drift where two long ones cannot.
 */
export async function compareWithBare(
  targetUrl: string,
  path: string,
  headers: Record<string, string>,
  { connections = 20, seconds = 4, rounds = 2 } = {},
) {
  const sample = await get(`${targetUrl}${path}`, headers);
  if (sample.status !== 200) throw new Error(`${path}: status ${sample.status}`);
  const bare = await startBareServer(sample);
  try {
    const urls = { app: `${targetUrl}${path}`, bare: `${bare.url}${path}` };
    for (const target of ["app", "bare"] as const)
      await rate(urls[target], headers, connections, 2);
    const rates = { app: [] as number[], bare: [] as number[] };
    for (let round = 0; round < rounds; round++) {
      for (const target of ["app", "bare", "bare", "app"] as const) {
        rates[target].push(await rate(urls[target], headers, connections, seconds));
      }
    }
    const app = mean(rates.app);
    const baseline = mean(rates.bare);
    return {
      app,
      bare: baseline,
      ratio: app / baseline,
      bytes: sample.body.length,
      encoding: sample.headers["content-encoding"],
      method: `${connections} connections, ${4 * rounds} runs of ${seconds} s alternating`,
    };
  } finally {
    await bare.stop();
  }
}

const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
