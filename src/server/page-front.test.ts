import { randomBytes } from "node:crypto";
import type { ServerResponse } from "node:http";
import { connect as connectSocket } from "node:net";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { testApp } from "../../tests/helpers/test-app.ts";
import type { AstroHandler } from "./astro-bridge.ts";

// Kept pages are answered by the front before Fastify (page-front.ts), on the listening server
// only: app.inject() goes to Fastify directly. So these tests listen on 127.0.0.1 and fetch.

let close: (() => Promise<void>) | undefined;
afterEach(async () => {
  await close?.();
  close = undefined;
});

interface LogLine {
  level: number;
  msg: string;
  reqId?: string;
  method?: string;
  url?: string;
  route?: string;
  status?: number;
  ms?: number;
  client?: string;
}

/** A page of `bytes` bytes at /big; every other address is a small page. */
const BIG_PAGE_BYTES = 8 * 1024 * 1024;

/** Stands in for Astro: renders a page per address, counting its renders. */
function astroCounting(renders: string[], whileSlow: () => Promise<void>): AstroHandler {
  return async (request, response) => {
    const sink = response as Pick<ServerResponse, "writeHead" | "end">;
    const path = request.url ?? "/";
    renders.push(path);
    if (path === "/slow") await whileSlow();
    sink.writeHead(200, {
      "content-type": "text/html; charset=utf-8",
      "content-security-policy": "script-src 'sha256-abc'",
      // The sink keeps what it is given; Node refuses to write a control character.
      ...(path === "/bad-header" ? { "x-note": "a\u0001b" } : {}),
    });
    // Not compressible to nothing: the identity coding is what a slow reader below is sent.
    sink.end(path === "/big" ? bigPage() : `<p>${"the page at ".repeat(200)}${path}</p>`);
  };
}

let big: string | undefined;
/** Random letters, spaces and markup, made once: building them a character at a time took seconds. */
function bigPage() {
  const letters = "abcdefghijklmnopqrstuvwxyz <>/";
  big ??= Buffer.from(
    randomBytes(BIG_PAGE_BYTES).map((b) => letters.charCodeAt(b % letters.length)),
  ).toString("latin1");
  return big;
}

/** The site with pages, listening on a free port, its log lines kept. */
async function listening(env: Record<string, string> = {}) {
  const lines: LogLine[] = [];
  const renders: string[] = [];
  let release = () => {};
  let entered = () => {};
  const hasEntered = new Promise<void>((resolve) => (entered = resolve));
  const slow = new Promise<void>((resolve) => (release = resolve));
  const stream = { write: (line: string) => void lines.push(JSON.parse(line) as LogLine) };
  const t = await testApp(env, {
    logger: { level: "info", stream },
    astro: astroCounting(renders, () => {
      entered();
      return slow;
    }),
  });
  close = t.close;
  const reachedFastify: string[] = [];
  t.app.addHook("onRequest", (request, _reply, done) => {
    reachedFastify.push(request.url);
    done();
  });
  await t.app.listen({ port: 0, host: "127.0.0.1" });
  const { port } = t.app.server.address() as AddressInfo;
  const requestLines = () => lines.filter((line) => line.msg === "request");
  return {
    app: t.app,
    url: `http://127.0.0.1:${port}`,
    port,
    renders,
    reachedFastify,
    requestLines,
    slowPage: { hasEntered, release },
  };
}

const PER_REPLY = new Set(["date", "x-request-id"]);
const lasting = (headers: Headers) =>
  Object.fromEntries([...headers].filter(([name]) => !PER_REPLY.has(name)));

async function requestCount(app: Awaited<ReturnType<typeof listening>>["app"], status: string) {
  const text = await app.metrics.registry.metrics();
  const line = text
    .split("\n")
    .find(
      (l) =>
        l.startsWith("site_http_request_duration_seconds_count{") &&
        l.includes('route="/*"') &&
        l.includes(`status="${status}"`),
    );
  return line === undefined ? 0 : Number(line.split(" ").pop());
}

describe("a kept page", () => {
  it("is sent again without rendering, with the bytes and headers of its first reply, its own id, a log line and a count", async () => {
    const site = await listening();
    const headers = { "accept-encoding": "br, gzip" };
    const first = await fetch(`${site.url}/about`, { headers });
    const firstBody = await first.arrayBuffer();
    const again = await fetch(`${site.url}/about`, {
      headers: { ...headers, "x-request-id": "from-the-proxy-7" },
    });

    expect(again.status).toBe(200);
    expect(Buffer.from(await again.arrayBuffer())).toEqual(Buffer.from(firstBody));
    expect(lasting(again.headers)).toEqual(lasting(first.headers));
    expect(again.headers.get("content-encoding")).toBe("br");
    expect(again.headers.get("content-security-policy")).toContain("frame-ancestors 'self'");
    expect(again.headers.get("content-security-policy")).toContain("'sha256-abc'");
    expect(again.headers.get("x-request-id")).toBe("from-the-proxy-7");
    expect(site.renders).toEqual(["/about"]);
    // The first reply went through Fastify; the second was sent before it.
    expect(site.reachedFastify).toEqual(["/about"]);

    await expect.poll(() => site.requestLines().length).toBe(2);
    const [, line] = site.requestLines();
    expect(line).toMatchObject({
      level: 30,
      reqId: "from-the-proxy-7",
      method: "GET",
      url: "/about",
      route: "/*",
      status: 200,
    });
    expect(line?.ms).toEqual(expect.any(Number));
    expect(await requestCount(site.app, "200")).toBe(2);
  });

  it("is logged with the client's address as Fastify's replies are: behind a trusted proxy, X-Forwarded-For's", async () => {
    for (const [env, client] of [
      [{}, "127.0.0.1"],
      [{ TRUST_PROXY: "127.0.0.1" }, "203.0.113.7"],
    ] as const) {
      const site = await listening(env);
      const headers = { "x-forwarded-for": "203.0.113.7" };
      // The first reply renders through Fastify; the second is the front's.
      await (await fetch(`${site.url}/about`, { headers })).arrayBuffer();
      await (await fetch(`${site.url}/about`, { headers })).arrayBuffer();
      expect(site.reachedFastify).toEqual(["/about"]);
      await expect.poll(() => site.requestLines().length).toBe(2);
      const lines = site.requestLines();
      expect(lines.map((line) => line.client)).toEqual([client, client]);
      // The id once per line, as the key it always was.
      expect(lines.map((line) => Object.keys(line).filter((k) => k === "reqId"))).toEqual([
        ["reqId"],
        ["reqId"],
      ]);
      await close?.();
      close = undefined;
    }
  });

  it("of the transactions widget serves every query the widget reads, rendered once (the hubs' industry links among them)", async () => {
    const site = await listening();
    const queries = ["?industry=healthcare", "?industry=technology", "?q=software&page=2", ""];
    const bodies = [];
    for (const query of queries)
      bodies.push(await (await fetch(`${site.url}/transactions${query}`)).text());
    expect(site.renders).toEqual(["/transactions?industry=healthcare"]);
    expect(new Set(bodies).size).toBe(1);
    // Another page's query is still its own, not kept.
    await (await fetch(`${site.url}/about?ref=mail`)).text();
    await (await fetch(`${site.url}/about?ref=mail`)).text();
    expect(site.renders.filter((path) => path.startsWith("/about"))).toHaveLength(2);
  });

  it("answers a matching If-None-Match with 304, and HEAD with the length and no body", async () => {
    const site = await listening();
    const first = await fetch(`${site.url}/about`, { headers: { "accept-encoding": "gzip" } });
    await first.arrayBuffer();
    const etag = first.headers.get("etag") ?? "";

    const notModified = await fetch(`${site.url}/about`, {
      headers: { "accept-encoding": "gzip", "if-none-match": `W/"other", ${etag}` },
    });
    expect(notModified.status).toBe(304);
    expect(notModified.headers.get("etag")).toBe(etag);
    expect(notModified.headers.get("x-content-type-options")).toBe("nosniff");

    const head = await fetch(`${site.url}/about`, {
      method: "HEAD",
      headers: { "accept-encoding": "gzip" },
    });
    expect(head.status).toBe(200);
    expect(head.headers.get("content-length")).toBe(first.headers.get("content-length"));
    expect((await head.arrayBuffer()).byteLength).toBe(0);
    expect(site.renders).toEqual(["/about"]);
    await expect
      .poll(() => site.requestLines().map((l) => [l.method, l.status]))
      .toEqual([
        ["GET", 200],
        ["GET", 304],
        ["HEAD", 200],
      ]);
  });

  it("leaves to Fastify what Fastify refuses or treats apart", async () => {
    const site = await listening();
    // The longest address served, kept; with a bare `?` it has the same key but is one too long.
    const longest = `/${"a".repeat(8191)}`;
    expect((await fetch(`${site.url}${longest}`)).status).toBe(200);
    expect((await fetch(`${site.url}${longest}?`)).status).toBe(414);
    // A search is never kept; an id that would garble a log line is replaced.
    await (await fetch(`${site.url}/about?q=deal`)).arrayBuffer();
    const searched = await fetch(`${site.url}/about?q=deal`);
    expect(site.renders.filter((path) => path === "/about?q=deal")).toHaveLength(2);
    const oddId = await fetch(`${site.url}/about`, { headers: { "x-request-id": "a b\tc" } });
    expect(oddId.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    expect(searched.status).toBe(200);
  });

  it("with a header Node will not write is answered with the error page, and the site stays up", async () => {
    const site = await listening();
    expect((await fetch(`${site.url}/bad-header`)).status).toBe(500);
    expect((await fetch(`${site.url}/bad-header`)).status).toBe(500);
    expect((await fetch(`${site.url}/about`)).status).toBe(200);
  });

  it("counts against the rate limit like any request", async () => {
    const site = await listening({ RATE_LIMIT: "3" });
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await fetch(`${site.url}/about`)).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
  });

  it("is refused with 503 once the server is closing", async () => {
    const site = await listening();
    await (await fetch(`${site.url}/about`)).arrayBuffer();
    // A request in flight holds the close open, so the server still accepts connections.
    const held = fetch(`${site.url}/slow`);
    await site.slowPage.hasEntered;
    const closed = site.app.closeGracefully();

    const refused = await fetch(`${site.url}/about`, { signal: AbortSignal.timeout(5000) });
    expect(refused.status).toBe(503);
    expect(refused.headers.get("retry-after")).toBe("5");

    site.slowPage.release();
    expect((await held).status).toBe(200);
    await closed;
  });

  it("still being written to a slow reader holds a shutdown until its last byte is sent", async () => {
    const site = await listening();
    const first = await fetch(`${site.url}/big`, { headers: { "accept-encoding": "identity" } });
    const length = Number(first.headers.get("content-length"));
    await first.arrayBuffer();
    expect(length).toBeGreaterThan(BIG_PAGE_BYTES - 1);

    // Asked again (so, kept) by a client that does not read: more than the socket buffers hold.
    const socket = connectSocket(site.port, "127.0.0.1");
    let received = 0;
    socket.on("data", (chunk: Buffer) => (received += chunk.length));
    socket.pause();
    socket.write("GET /big HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
    const ended = new Promise<void>((resolve) => socket.on("close", () => resolve()));
    await expect.poll(() => socket.bytesRead).toBeGreaterThan(0);

    let isClosed = false;
    const closing = site.app.closeGracefully().then(() => (isClosed = true));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(isClosed).toBe(false);

    socket.resume();
    await ended;
    await closing;
    expect(received).toBeGreaterThan(length);
    expect(site.renders).toEqual(["/big"]);
  });

  it("left by its client before its last byte is neither logged nor counted, and holds no shutdown", async () => {
    const site = await listening();
    await (
      await fetch(`${site.url}/big`, { headers: { "accept-encoding": "identity" } })
    ).arrayBuffer();
    const socket = connectSocket(site.port, "127.0.0.1");
    socket.on("data", () => {});
    socket.pause();
    socket.write("GET /big HTTP/1.1\r\nHost: x\r\n\r\n");
    await expect.poll(() => socket.bytesRead).toBeGreaterThan(0);
    socket.destroy();

    await site.app.closeGracefully();
    expect(site.renders).toEqual(["/big"]);
    expect(site.requestLines()).toHaveLength(1);
    expect(await requestCount(site.app, "200")).toBe(1);
  });
});

describe("an app made in one coding (the record's capture)", () => {
  it("makes pages and API replies in that coding alone, however the request asks", async () => {
    const t = await testApp(
      {},
      { astro: astroCounting([], async () => {}), onlyCoding: "identity" },
    );
    close = t.close;
    for (const url of ["/about", "/api/default/transactions"]) {
      const reply = await t.app.inject({ url, headers: { "accept-encoding": "br, gzip" } });
      expect(reply.statusCode).toBe(200);
      expect(reply.headers["content-encoding"], url).toBeUndefined();
      expect(reply.body.length, url).toBeGreaterThan(1024);
    }
  });
});
