import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { LightMyRequestResponse } from "fastify";
import { afterEach, describe, expect, it } from "vitest";
import { testApp } from "../../tests/helpers/test-app.ts";
import type { AppOptions } from "./app.ts";

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
  it("answers /healthz with 200 while the database answers, and 503 once it does not", async () => {
    const { app, db } = await start();
    const ok = await app.inject("/healthz");
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ status: "ok" });
    await db.close();
    const down = await app.inject("/healthz");
    expect(down.statusCode).toBe(503);
    expect(down.json()).toEqual({ status: "database unavailable" });
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
