import { afterEach, describe, expect, it } from "vitest";
import { testApp } from "../../tests/helpers/test-app.ts";

let close: (() => Promise<void>) | undefined;
afterEach(async () => {
  await close?.();
  close = undefined;
});

async function start(env: Record<string, string> = {}) {
  const t = await testApp(env);
  close = t.close;
  return t;
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

  it("sends the security headers on every response", async () => {
    const { app } = await start();
    const response = await app.inject("/healthz");
    const csp = String(response.headers["content-security-policy"]);
    expect(csp).toContain("frame-ancestors 'self'");
    expect(csp).toMatch(/script-src 'self'(;|$)/);
    expect(csp).not.toContain("unsafe-inline");
    expect(csp).not.toContain("unsafe-eval");
    expect(response.headers["x-content-type-options"]).toBe("nosniff");
    expect(response.headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
    expect(response.headers["cross-origin-opener-policy"]).toBe("same-origin");
    expect(response.headers["permissions-policy"]).toContain("camera=()");
    expect(response.headers["strict-transport-security"]).toBeUndefined();
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
  });
});
