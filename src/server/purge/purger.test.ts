import { createServer, type IncomingHttpHeaders } from "node:http";
import { Writable } from "node:stream";
import pino from "pino";
import { Registry } from "prom-client";
import { afterEach, describe, expect, it } from "vitest";
import { testApp } from "../../../tests/helpers/test-app.ts";
import { loadConfig } from "../config.ts";
import { createPurger, type Purger } from "./index.ts";

// Each cache's API is played by a local stand-in shaped like it: it checks the method, the path,
// the credential and the body as the real one would, answers as told, and records the calls.

const FASTLY_TOKEN = "fastly-secret-9f2c71";
const CLOUDFLARE_TOKEN = "cloudflare-secret-4b8e05";
const QUICK = { retryDelaysMs: [5, 10, 20], timeoutMs: 500 };

interface Call {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}
type Answer = { status: number; body?: unknown } | "hang";

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

/** A stand-in on 127.0.0.1: `answer` sees each call; unexpected ones get 400, as the APIs give. */
async function standIn(answer: (call: Call, index: number) => Answer) {
  const calls: Call[] = [];
  const server = createServer((request, response) => {
    let body = "";
    request.on("data", (chunk: Buffer) => (body += chunk.toString()));
    request.on("end", () => {
      const call = { method: request.method!, path: request.url!, headers: request.headers, body };
      calls.push(call);
      const reply = answer(call, calls.length - 1);
      if (reply === "hang") return;
      response.writeHead(reply.status, { "content-type": "application/json" });
      response.end(JSON.stringify(reply.body ?? {}));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  closers.push(
    () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  );
  const address = server.address();
  return { url: `http://127.0.0.1:${typeof address === "object" && address?.port}`, calls };
}

/** Fastly's batch purge: POST /service/{id}/purge, Fastly-Key, {"surrogate_keys": [...]}. */
const fastlyAnswer = (call: Call): Answer => {
  const keys = (JSON.parse(call.body || "{}") as { surrogate_keys?: unknown }).surrogate_keys;
  if (call.method !== "POST" || call.path !== "/service/svc-1/purge") return { status: 404 };
  if (call.headers["fastly-key"] !== FASTLY_TOKEN) return { status: 401 };
  if (!Array.isArray(keys) || keys.length > 256) return { status: 400 };
  return { status: 200, body: Object.fromEntries(keys.map((k: string) => [k, `purge-${k}`])) };
};

/** Cloudflare's purge by tag: POST /zones/{zone}/purge_cache, Bearer, {"tags": [...]}. */
const cloudflareAnswer = (call: Call): Answer => {
  const tags = (JSON.parse(call.body || "{}") as { tags?: unknown }).tags;
  if (call.method !== "POST" || call.path !== "/zones/zone-1/purge_cache") return { status: 404 };
  if (call.headers.authorization !== `Bearer ${CLOUDFLARE_TOKEN}`) return { status: 403 };
  if (!Array.isArray(tags) || tags.length > 30) return { status: 400, body: { success: false } };
  return { status: 200, body: { success: true, errors: [], messages: [], result: { id: "z" } } };
};

/** Varnish running deploy/varnish.vcl: PURGE / with the tags in xkey-purge. */
const varnishAnswer = (call: Call): Answer =>
  call.method === "PURGE" && call.path === "/" && call.headers["xkey-purge"]
    ? { status: 200 }
    : { status: 405 };

function purgerWith(env: Record<string, string>, options: typeof QUICK = QUICK) {
  const lines: string[] = [];
  const log = pino(
    { level: "debug" },
    new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    }),
  );
  const registry = new Registry();
  const purger = createPurger(loadConfig(env), { log, registry, ...options });
  if (!purger) throw new Error("no purger configured");
  const count = async (target: string, outcome: string) => {
    const metric = await registry.getSingleMetric("site_purge_attempts_total")!.get();
    return metric.values.find((v) => v.labels.target === target && v.labels.outcome === outcome)
      ?.value;
  };
  return { purger, lines, count };
}

const tagsOf = (n: number) => Array.from({ length: n }, (_, i) => `deal-${i}`);
const fastlyEnv = (url: string) => ({
  FASTLY_SERVICE_ID: "svc-1",
  FASTLY_API_TOKEN: FASTLY_TOKEN,
  FASTLY_API_URL: url,
});
const cloudflareEnv = (url: string) => ({
  CLOUDFLARE_ZONE_ID: "zone-1",
  CLOUDFLARE_API_TOKEN: CLOUDFLARE_TOKEN,
  CLOUDFLARE_API_URL: url,
});

describe("purges by tag", () => {
  it("is off when no shared cache is configured", () => {
    expect(
      createPurger(loadConfig({}), { log: pino({ level: "silent" }), registry: new Registry() }),
    ).toBeNull();
  });

  it("splits Fastly's keys into calls of at most 256, each with the token and every key once", async () => {
    const fastly = await standIn(fastlyAnswer);
    const { purger, count } = purgerWith(fastlyEnv(fastly.url));
    const tags = [...tagsOf(600), "deal-3", "all"];
    purger.purge(tags);
    await purger.settled();
    const sent = fastly.calls.map(
      (c) => (JSON.parse(c.body) as { surrogate_keys: string[] }).surrogate_keys,
    );
    expect(sent.map((keys) => keys.length)).toEqual([256, 256, 89]);
    expect(sent.flat().sort()).toEqual([...new Set(tags)].sort());
    expect(await count("fastly", "ok")).toBe(3);
    expect(purger.problem()).toBeNull();
  });

  it("splits Cloudflare's tags into calls of at most 30, with the bearer token", async () => {
    const cloudflare = await standIn(cloudflareAnswer);
    const { purger, count } = purgerWith(cloudflareEnv(cloudflare.url));
    purger.purge(tagsOf(61));
    await purger.settled();
    const sent = cloudflare.calls.map((c) => (JSON.parse(c.body) as { tags: string[] }).tags);
    expect(sent.map((tags) => tags.length)).toEqual([30, 30, 1]);
    expect(sent.flat().sort()).toEqual(tagsOf(61).sort());
    expect(await count("cloudflare", "ok")).toBe(3);
  });

  it("purges every Varnish instance, and Fastly and Cloudflare alike, from one call", async () => {
    const [one, two, fastly, cloudflare] = await Promise.all([
      standIn(varnishAnswer),
      standIn(varnishAnswer),
      standIn(fastlyAnswer),
      standIn(cloudflareAnswer),
    ]);
    const { purger } = purgerWith({
      VARNISH_URLS: `${one.url}, ${two.url}/`,
      ...fastlyEnv(fastly.url),
      ...cloudflareEnv(cloudflare.url),
    });
    purger.purge(["deal-7", "deals", "all"]);
    await purger.settled();
    for (const varnish of [one, two])
      expect(varnish.calls.map((c) => c.headers["xkey-purge"])).toEqual(["deal-7 deals all"]);
    expect(fastly.calls).toHaveLength(1);
    expect(cloudflare.calls).toHaveLength(1);
  });

  it("retries a failed call with backoff until it succeeds, and counts each attempt", async () => {
    const fastly = await standIn((call, i) => (i < 2 ? { status: 503 } : fastlyAnswer(call)));
    const { purger, count } = purgerWith(fastlyEnv(fastly.url));
    purger.purge(["deal-1"]);
    await purger.settled();
    expect(fastly.calls).toHaveLength(3);
    expect(await count("fastly", "failed")).toBe(2);
    expect(await count("fastly", "ok")).toBe(1);
    expect(purger.problem()).toBeNull();
  });

  it("gives up after its retries, says so on problem(), and clears it at the next success", async () => {
    let isDown = true;
    const cloudflare = await standIn((call) => (isDown ? { status: 500 } : cloudflareAnswer(call)));
    const { purger, count, lines } = purgerWith(cloudflareEnv(cloudflare.url));
    purger.purge(["article-4"]);
    await purger.settled();
    expect(cloudflare.calls).toHaveLength(QUICK.retryDelaysMs.length + 1);
    expect(await count("cloudflare", "gave_up")).toBe(1);
    expect(purger.problem()).toMatch(/cloudflare \(1 purge since .*the last: HTTP 500\)/);
    expect(lines.join("")).toContain("article-4");

    isDown = false;
    purger.purge(["article-5"]);
    await purger.settled();
    expect(purger.problem()).toBeNull();
  });

  it("counts a call that never answers as failed, within its timeout", async () => {
    const varnish = await standIn(() => "hang");
    const { purger } = purgerWith(
      { VARNISH_URLS: varnish.url },
      { retryDelaysMs: [], timeoutMs: 100 },
    );
    const started = Date.now();
    purger.purge(["site"]);
    await purger.settled();
    expect(Date.now() - started).toBeLessThan(2000);
    expect(purger.problem()).toContain("no answer within 0.1 s");
  });

  it("takes Cloudflare's 200 without success as a failure", async () => {
    const cloudflare = await standIn(() => ({ status: 200, body: { success: false } }));
    const { purger } = purgerWith(cloudflareEnv(cloudflare.url), { ...QUICK, retryDelaysMs: [] });
    purger.purge(["taxa"]);
    await purger.settled();
    expect(purger.problem()).toContain("HTTP 200 without success");
  });

  it("never writes a token in its log, whether the calls fail or succeed", async () => {
    const [fastly, cloudflare] = await Promise.all([
      standIn((call, i) =>
        i === 0 ? { status: 401, body: { msg: FASTLY_TOKEN } } : fastlyAnswer(call),
      ),
      standIn(() => ({ status: 403, body: { errors: [CLOUDFLARE_TOKEN] } })),
    ]);
    const { purger, lines } = purgerWith({
      ...fastlyEnv(fastly.url),
      ...cloudflareEnv(cloudflare.url),
    });
    purger.purge(["deal-1", "deals"]);
    await purger.settled();
    expect(lines.length).toBeGreaterThan(0);
    const log = lines.join("");
    expect(log).not.toContain(FASTLY_TOKEN);
    expect(log).not.toContain(CLOUDFLARE_TOKEN);
    expect(purger.problem()).not.toContain(CLOUDFLARE_TOKEN);
  });

  it("returns at once: the caller never waits for a purge", () => {
    const purger: Purger = purgerWith({ VARNISH_URLS: "http://127.0.0.1:9" }).purger;
    const started = performance.now();
    purger.purge(tagsOf(1000));
    expect(performance.now() - started).toBeLessThan(50);
    return purger.settled();
  });
});

describe("/readyz with a purger", () => {
  it("stays ready while purges fail, and says why in its details", async () => {
    const varnish = await standIn(() => ({ status: 503 }));
    const { purger } = purgerWith({ VARNISH_URLS: varnish.url }, { ...QUICK, retryDelaysMs: [] });
    const t = await testApp({}, { purger });
    closers.push(t.close);
    expect((await t.app.inject("/readyz")).json()).toEqual({ status: "ready" });
    purger.purge(["all"]);
    await purger.settled();
    const ready = await t.app.inject("/readyz");
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({
      status: "ready",
      details: { purge: expect.stringContaining(`varnish ${new URL(varnish.url).host}`) },
    });
  });
});
