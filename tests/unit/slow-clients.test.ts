import { mkdtempSync, rmSync } from "node:fs";
import { connect as connectSocket, type Socket } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rssMiB } from "../../tools/process-memory.ts";
import { startServer, type ServerProcess } from "../../tools/server-process.ts";
import { untilRendered } from "../helpers/renditions.ts";

// Slow and idle clients cannot starve the server: 500 connections that send their
// request head one byte every few seconds and 500 idle keep-alive connections, on 127.0.0.1.
// The timeouts are the settings' (shorter than the defaults, so that the test ends in seconds):
// the server must cut every one of them by itself, within its timeouts, while answering others.
const HEADERS_TIMEOUT_MS = 3000;
const KEEP_ALIVE_TIMEOUT_MS = 4000;
/** Node looks for overdue request heads once a second (app.ts); closing takes a moment more. */
const SLACK_MS = 2500;
const EACH = 500;

const dir = mkdtempSync(join(tmpdir(), "site-slow-clients-"));
let server: ServerProcess;

const databaseUrl = `file:${join(dir, "site.db")}`;

beforeAll(async () => {
  server = await startServer({
    DATABASE_URL: databaseUrl,
    SEED_DEMO: "true",
    HEADERS_TIMEOUT_MS: String(HEADERS_TIMEOUT_MS),
    REQUEST_TIMEOUT_MS: "10000",
    KEEP_ALIVE_TIMEOUT_MS: String(KEEP_ALIVE_TIMEOUT_MS),
  });
  // The demo's portraits get their renditions in the background after the start; libvips'
  // working set would grow the memory measured below for reasons other than the connections.
  await untilRendered(databaseUrl);
}, 120_000);

afterAll(async () => {
  await server?.stop();
  rmSync(dir, { recursive: true, force: true });
});

/** When a socket was opened, when its last request was answered, and when the server closed it. */
interface Tracked {
  socket: Socket;
  openedAt: number;
  answeredAt?: number;
  closedAt?: number;
}

function open(port: number, onConnect: (t: Tracked) => void): Promise<Tracked> {
  return new Promise((resolve, reject) => {
    const socket = connectSocket(port, "127.0.0.1");
    const tracked: Tracked = { socket, openedAt: 0 };
    socket.once("connect", () => {
      tracked.openedAt = Date.now();
      onConnect(tracked);
      resolve(tracked);
    });
    socket.once("error", reject);
    socket.once("close", () => (tracked.closedAt = Date.now()));
  });
}

/** A request head sent one byte every 2 s: it would take minutes to finish. */
function trickle(t: Tracked) {
  const head = "GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: " + "x".repeat(200);
  let sent = 0;
  const timer = setInterval(() => {
    if (t.socket.destroyed) return clearInterval(timer);
    t.socket.write(head[sent++ % head.length]!);
  }, 2000);
  t.socket.once("close", () => clearInterval(timer));
  t.socket.write(head[sent++]!);
  t.socket.on("data", () => {}); // Node's 408, if it sends one.
}

/** One request on a keep-alive connection, answered, then nothing. */
function idleAfterOneRequest(t: Tracked) {
  t.socket.on("data", () => (t.answeredAt = Date.now()));
  t.socket.write("GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n");
}

/** Median time of `n` ordinary requests, alternating a cached page and an API reply. */
async function medianMs(n: number) {
  const times: number[] = [];
  for (let i = 0; i < n; i++) {
    const started = performance.now();
    const response = await fetch(`${server.url}${i % 2 === 0 ? "/" : "/api/default/taxonomies"}`);
    await response.arrayBuffer();
    expect(response.status).toBe(200);
    times.push(performance.now() - started);
  }
  return times.toSorted((a, b) => a - b)[Math.floor(n / 2)]!;
}

async function until(condition: () => boolean, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (!condition() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
}

/**
 * 500 trickling and 500 idle connections at once: checks that ordinary requests keep within 2×
 * their unloaded time meanwhile, and that the server closes every one of them within its timeouts.
 */
async function siege(port: number, unloadedMs: number) {
  const slow = await Promise.all(Array.from({ length: EACH }, () => open(port, trickle)));
  const idle = await Promise.all(
    Array.from({ length: EACH }, () => open(port, idleAfterOneRequest)),
  );
  await until(() => idle.every((t) => t.answeredAt !== undefined), 10_000);
  expect(idle.every((t) => t.answeredAt !== undefined)).toBe(true);

  expect(await medianMs(100)).toBeLessThanOrEqual(2 * unloadedMs);

  const all = [...slow, ...idle];
  await until(() => all.every((t) => t.closedAt !== undefined), 20_000);
  const slowest = (ts: Tracked[], from: (t: Tracked) => number) =>
    Math.max(...ts.map((t) => (t.closedAt ?? Infinity) - from(t)));
  expect(slowest(slow, (t) => t.openedAt)).toBeLessThanOrEqual(HEADERS_TIMEOUT_MS + SLACK_MS);
  expect(slowest(idle, (t) => t.answeredAt!)).toBeLessThanOrEqual(KEEP_ALIVE_TIMEOUT_MS + SLACK_MS);
  // Neither kind was let go before its time either.
  expect(Math.min(...slow.map((t) => t.closedAt! - t.openedAt))).toBeGreaterThanOrEqual(
    HEADERS_TIMEOUT_MS - 100,
  );
}

describe("slow and idle clients", () => {
  it("are cut within the server's timeouts, while ordinary requests keep their pace and memory stays level", async () => {
    const port = Number(new URL(server.url).port);
    const pid = server.process.pid!;
    await medianMs(40); // warm: caches filled, code optimised
    const unloaded = await medianMs(100);

    // The first siege also brings the process's memory to its working size (V8's heap and the
    // allocator keep what they grew to), as the load test measures after its warm-up; a second
    // one must then leave it where it was: nothing the connections held is kept.
    await siege(port, unloaded);
    await medianMs(20);
    const memoryBefore = rssMiB(pid);
    await siege(port, unloaded);
    await medianMs(20);
    expect(rssMiB(pid)).toBeLessThanOrEqual(memoryBefore * 1.1);
  }, 90_000);
});
