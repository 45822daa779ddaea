import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { LightMyRequestResponse } from "fastify";
import { afterEach, describe, expect, it } from "vitest";
import { testApp } from "../../tests/helpers/test-app.ts";
import { freePort } from "../../tools/free-port.ts";
import type { AppOptions } from "./app.ts";
import { startMetricsServer } from "./metrics.ts";

let close: (() => Promise<void>) | undefined;
afterEach(async () => {
  await close?.();
  close = undefined;
});

async function start(env: Record<string, string> = {}, options: Partial<AppOptions> = {}) {
  const t = await testApp(env, options);
  close = t.close;
  return t;
}

function expectSecurityHeaders(response: LightMyRequestResponse, name: string) {
  const csp = String(response.headers["content-security-policy"]);
  expect(csp, name).toContain("frame-ancestors 'self'");
  expect(csp, name).toMatch(/script-src 'self'(;|$)/);
  expect(csp, name).not.toContain("unsafe-inline");
  expect(csp, name).not.toContain("unsafe-eval");
  expect(response.headers["x-content-type-options"], name).toBe("nosniff");
  expect(response.headers["referrer-policy"], name).toBe("strict-origin-when-cross-origin");
  expect(response.headers["cross-origin-opener-policy"], name).toBe("same-origin");
  expect(response.headers["permissions-policy"], name).toContain("camera=()");
  expect(response.headers["strict-transport-security"], name).toBeUndefined();
}

describe("the host", () => {
  it("answers /healthz at once without the database, and /readyz only while the content reads", async () => {
    const { app, db } = await start();
    expect((await app.inject("/readyz")).json()).toEqual({ status: "ready" });
    await db.close();
    const alive = await app.inject("/healthz");
    expect(alive.statusCode).toBe(200);
    expect(alive.json()).toEqual({ status: "ok" });
    expect(alive.headers["cache-control"]).toBe("no-store");
    // The verdict of a moment ago may be reused for a second; then the closed database shows.
    await expect
      .poll(async () => (await app.inject("/readyz")).statusCode, { timeout: 5000 })
      .toBe(503);
    const ready = await app.inject("/readyz");
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toMatchObject({ status: "not ready", reason: expect.any(String) });
    expect(ready.headers["cache-control"]).toBe("no-store");
  });

  it("sends the security headers on every response, refusals and static files included", async () => {
    const clientDir = mkdtempSync(join(tmpdir(), "site-static-"));
    try {
      writeFileSync(join(clientDir, "robots.txt"), "User-agent: *\n");
      const { app } = await start({}, { clientDir });
      let entered = () => {};
      const hasEntered = new Promise<void>((resolve) => (entered = resolve));
      let release = () => {};
      const slow = new Promise<string>((resolve) => (release = () => resolve("done")));
      app.get("/slow", () => {
        entered();
        return slow;
      });

      const etag = String((await app.inject("/api/default/transactions")).headers.etag);
      const responses = {
        200: await app.inject("/healthz"),
        static: await app.inject("/robots.txt"),
        304: await app.inject({
          url: "/api/default/transactions",
          headers: { "if-none-match": etag },
        }),
        400: await app.inject("/%"),
        404: await app.inject("/api/default/nope"),
        405: await app.inject({ method: "POST", url: "/api/default/transactions" }),
        414: await app.inject(`/search?q=${"a".repeat(9000)}`),
      };
      // While a request is in flight, a shutdown refuses new ones with 503.
      const inFlight = app.inject("/slow");
      await hasEntered;
      const closing = app.closeGracefully();
      const refused = await app.inject("/healthz");
      const refusedApi = await app.inject("/api/default/taxonomies");
      expect(refusedApi.statusCode).toBe(503);
      expect(refusedApi.headers["access-control-allow-origin"]).toBe("*");
      release();
      expect((await inFlight).statusCode).toBe(200);
      await closing;

      const all = { ...responses, 503: refused };
      expect(
        Object.fromEntries(Object.entries(all).map(([name, r]) => [name, r.statusCode])),
      ).toEqual({
        200: 200,
        304: 304,
        400: 400,
        404: 404,
        405: 405,
        414: 414,
        503: 503,
        static: 200,
      });
      for (const [name, response] of Object.entries(all)) expectSecurityHeaders(response, name);
      expect(responses[400].json().error).toEqual({
        code: "BadRequest",
        message: "The address is not valid: broken percent-encoding.",
      });
    } finally {
      rmSync(clientDir, { recursive: true, force: true });
    }
  });

  it("lets other sites' pages read the 400 for a broken API address", async () => {
    const { app } = await start();
    const response = await app.inject("/api/default/transactions%");
    expect(response.statusCode).toBe(400);
    expect(response.headers["access-control-allow-origin"]).toBe("*");
  });

  it("sends Strict-Transport-Security when configured for HTTPS", async () => {
    const { app } = await start({ HSTS: "true" });
    const response = await app.inject("/healthz");
    expect(response.headers["strict-transport-security"]).toContain("max-age=31536000");
    expect(response.headers["content-security-policy"]).toContain("upgrade-insecure-requests");
  });

  it("loads images from this site alone: img-src is 'self', whatever the sync's settings", async () => {
    const { app } = await start();
    const csp = String((await app.inject("/healthz")).headers["content-security-policy"]);
    expect(csp).toMatch(/(^|;\s*)img-src 'self'(;|$)/);
  });

  it("refuses an address longer than 8 KiB with 414 and a clear message", async () => {
    const { app } = await start();
    const response = await app.inject(`/search?q=${"a".repeat(9000)}`);
    expect(response.statusCode).toBe(414);
    expect(response.json().error.message).toContain("8192 bytes");
    const api = await app.inject(`/api/default/transactions?$filter=${"a".repeat(9000)}`);
    expect(api.statusCode).toBe(414);
    expect(api.headers["access-control-allow-origin"]).toBe("*");
  });

  it("limits requests per client when RATE_LIMIT is set, with a clear 429", async () => {
    const { app } = await start({ RATE_LIMIT: "3" });
    const codes = [];
    for (let i = 0; i < 4; i++) codes.push((await app.inject("/healthz")).statusCode);
    expect(codes).toEqual([200, 200, 200, 429]);
    const limited = await app.inject("/healthz");
    expect(limited.json().error.code).toBe("TooManyRequests");
    expect(limited.headers["retry-after"]).toBeDefined();
    expectSecurityHeaders(limited, "429");
    const limitedApi = await app.inject("/api/default/taxonomies");
    expect(limitedApi.statusCode).toBe(429);
    expect(limitedApi.headers["access-control-allow-origin"]).toBe("*");
  });
});

describe("behind a proxy, across instances", () => {
  it("limits each client by its X-Forwarded-For address with TRUST_PROXY, and the proxy as one client without", async () => {
    const from = (address: string) => ({
      url: "/healthz",
      headers: { "x-forwarded-for": address },
    });
    const trusted = await start({ RATE_LIMIT: "2", TRUST_PROXY: "true" });
    const codes = [];
    for (const address of ["203.0.113.7", "203.0.113.7", "203.0.113.7", "198.51.100.4"])
      codes.push((await trusted.app.inject(from(address))).statusCode);
    expect(codes).toEqual([200, 200, 429, 200]);
    await trusted.close();
    close = undefined;

    const untrusted = await start({ RATE_LIMIT: "2" });
    const proxied = [];
    for (const address of ["203.0.113.7", "198.51.100.4", "192.0.2.9"])
      proxied.push((await untrusted.app.inject(from(address))).statusCode);
    expect(proxied).toEqual([200, 200, 429]);
  });

  it("names every reply's request: a well-formed incoming X-Request-Id, else a new UUID", async () => {
    const { app } = await start();
    const given = await app.inject({
      url: "/api/default/taxonomies",
      headers: { "x-request-id": "lb-42:abc" },
    });
    expect(given.headers["x-request-id"]).toBe("lb-42:abc");
    const bad = await app.inject({ url: "/healthz", headers: { "x-request-id": "two words" } });
    const none = await app.inject("/healthz");
    const broken = await app.inject("/%");
    const ids = [bad, none, broken].map((r) => String(r.headers["x-request-id"]));
    for (const id of ids)
      expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(new Set(ids).size).toBe(3);
  });

  it("logs one JSON line per request, after the reply: its id, method, address, route, status and time", async () => {
    const lines: string[] = [];
    const stream = { write: (line: string) => void lines.push(line) };
    const { app } = await start({}, { logger: { level: "info", stream } });
    await app.inject({ url: "/api/default/nope", headers: { "x-request-id": "trace-7" } });
    const mine = lines.map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(mine.filter((l) => l.reqId === "trace-7")).toEqual([
      expect.objectContaining({
        level: 30,
        msg: "request",
        method: "GET",
        url: "/api/default/nope",
        route: "/api/default/*",
        status: 404,
        ms: expect.any(Number),
      }),
    ]);
  });

  it("logs probes and static files only at debug", async () => {
    const clientDir = mkdtempSync(join(tmpdir(), "site-static-"));
    try {
      writeFileSync(join(clientDir, "robots.txt"), "User-agent: *\n");
      const requests = [
        ["/healthz", "probe-1"],
        ["/readyz", "probe-2"],
        ["/robots.txt", "file-1"],
        ["/api/default/taxonomies", "api-1"],
      ];
      const logged = async (level: string) => {
        const lines: { reqId?: string; level: number }[] = [];
        const stream = { write: (line: string) => void lines.push(JSON.parse(line)) };
        const t = await testApp({}, { logger: { level, stream }, clientDir });
        try {
          for (const [url, id] of requests)
            await t.app.inject({ url, headers: { "x-request-id": id } });
        } finally {
          await t.close();
        }
        return Object.fromEntries(lines.map((l) => [l.reqId, l.level]));
      };
      expect(await logged("info")).toEqual({ "api-1": 30 });
      expect(await logged("debug")).toEqual({
        "probe-1": 20,
        "probe-2": 20,
        "file-1": 20,
        "api-1": 30,
      });
    } finally {
      rmSync(clientDir, { recursive: true, force: true });
    }
  });

  it("cuts slow and idle clients by its own settings: head, request and keep-alive timeouts", async () => {
    const { app } = await start({
      HEADERS_TIMEOUT_MS: "4000",
      REQUEST_TIMEOUT_MS: "9000",
      KEEP_ALIVE_TIMEOUT_MS: "5000",
    });
    expect(app.server.headersTimeout).toBe(4000);
    expect(app.server.requestTimeout).toBe(9000);
    expect(app.server.keepAliveTimeout).toBe(5000);
    await expect(
      start({ HEADERS_TIMEOUT_MS: "20000", REQUEST_TIMEOUT_MS: "10000" }),
    ).rejects.toThrow("HEADERS_TIMEOUT_MS: must not be longer than REQUEST_TIMEOUT_MS");
  });
});

describe("cache lifetimes", () => {
  const lifetimes = async (options: Partial<AppOptions>) => {
    const { app } = await start({}, options);
    const api = await app.inject("/api/default/transactions?$top=1");
    const suggestions = await app.inject("/search/suggestions?q=ke");
    await close?.();
    close = undefined;
    return [api, suggestions].map((reply) => reply.headers["cache-control"]);
  };

  it("lets shared caches keep replies a day, and serve them while the site is down, when a purger serves the site", async () => {
    const purger = { purge: () => {}, problem: () => null, settled: async () => {} };
    for (const value of await lifetimes({ purger })) {
      expect(value).toMatch(/(^|, )s-maxage=86400(,|$)/);
      expect(value).toMatch(/(^|, )stale-if-error=86400(,|$)/);
      // Browsers still ask again: nobody can purge them.
      expect(value).toMatch(/(^|, )max-age=0(,|$)/);
    }
  });

  it("keeps today's short lifetimes without a purger", async () => {
    for (const value of await lifetimes({}))
      expect(value).toBe("public, max-age=60, stale-while-revalidate=600");
  });
});

describe("metrics", () => {
  it("serves Prometheus metrics on their own port: requests by route and status, cache lookups, the revision", async () => {
    const { app, content } = await start();
    for (let i = 0; i < 3; i++) await app.inject("/api/default/taxonomies");
    await app.inject("/api/default/nope");
    const port = await freePort();
    const server = await startMetricsServer(app.metrics, port, "127.0.0.1");
    try {
      const response = await fetch(`http://127.0.0.1:${port}/metrics`);
      expect(response.headers.get("content-type")).toMatch(/^text\/plain/);
      const text = await response.text();
      expect(text).toMatch(
        /^site_http_request_duration_seconds_count\{method="GET",route="\/api\/default\/\*",status="200"\} 3$/m,
      );
      expect(text).toMatch(/^site_http_request_duration_seconds_count\{[^}]*status="404"\} 1$/m);
      expect(text).toMatch(
        /^site_http_request_duration_seconds_bucket\{le="\+Inf",[^}]*route="\/api\/default\/\*",status="200"\} 3$/m,
      );
      // The histogram's count is the request count; no counter repeats it.
      expect(text).not.toMatch(/^site_http_requests_total/m);
      expect(text).toMatch(/^site_cache_lookups_total\{cache="api",result="miss"\} 1$/m);
      expect(text).toMatch(/^site_cache_lookups_total\{cache="api",result="hit"\} 2$/m);
      expect(text).toMatch(new RegExp(`^site_content_revision ${content.revision}$`, "m"));
      expect(text).toMatch(/^process_resident_memory_bytes \d+/m);
      // Not on the public site.
      expect((await app.inject("/metrics")).statusCode).toBe(404);
    } finally {
      server.close();
    }
  });
});
