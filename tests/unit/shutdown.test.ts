import { mkdtempSync, rmSync } from "node:fs";
import { connect as connectSocket } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connect } from "../../src/db/connect.ts";
import { generateContent } from "../../src/db/demo/generate.ts";
import { migrate } from "../../src/db/migrate.ts";
import { replaceContent } from "../../src/db/repositories/content-repository.ts";
import { startServer } from "../../tools/server-process.ts";

const dir = mkdtempSync(join(tmpdir(), "site-shutdown-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function until(condition: () => boolean | Promise<boolean>, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error("condition not met in time");
    await new Promise((r) => setTimeout(r, 50));
  }
}

const DATABASE_URL = `file:${join(dir, "site.db")}`;
beforeAll(async () => {
  const db = connect(DATABASE_URL);
  await migrate(db);
  await replaceContent(db, generateContent({ transactions: 40_000, articles: 20 }));
  await db.close();
}, 60_000);

describe("SIGTERM", () => {
  it("lets a reply still being written to a slow reader finish, refuses new requests, then exits 0", async () => {
    const server = await startServer({
      DATABASE_URL,
      SHUTDOWN_GRACE_MS: "20000",
      API_MAX_PAGE: "50000",
    });
    const { port } = new URL(server.url);

    // An uncompressed reply of several megabytes (more than the loopback buffers hold), asked by
    // a client that does not read it: the server is still writing it when SIGTERM arrives.
    const socket = connectSocket(Number(port), "127.0.0.1");
    const chunks: Buffer[] = [];
    const closed = new Promise<void>((resolve) => socket.on("close", () => resolve()));
    socket.on("data", (chunk) => chunks.push(chunk));
    socket.pause();
    socket.write(
      "GET /api/default/transactions?$orderby=Date%20desc HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n",
    );
    await until(() => socket.bytesRead > 0, 30_000);

    const receivedAtSignal = socket.bytesRead;
    server.process.kill("SIGTERM");
    // While that reply is still unread, the server stops taking new requests.
    let refusedWhileInFlight = false;
    await until(async () => {
      const status = await fetch(`${server.url}/healthz`).then(
        (r) => r.status,
        () => "refused",
      );
      refusedWhileInFlight = status === "refused" || status === 503;
      return refusedWhileInFlight;
    }, 10_000);
    socket.resume();
    await closed;
    const code = await server.exited;

    const response = Buffer.concat(chunks).toString("utf8");
    const [head = "", body = ""] = response.split("\r\n\r\n", 2);
    expect(head).toMatch(/^HTTP\/1\.1 200/);
    const length = Number(/content-length: (\d+)/i.exec(head)?.[1]);
    expect(Buffer.byteLength(body)).toBe(length);
    expect(receivedAtSignal).toBeLessThan(length);
    expect(JSON.parse(body).value).toHaveLength(40_000);
    expect(refusedWhileInFlight).toBe(true);
    expect(code).toBe(0);
  }, 120_000);

  it("does not wait for a reply whose client went away: it exits 0 before the grace time", async () => {
    const server = await startServer({
      DATABASE_URL,
      SHUTDOWN_GRACE_MS: "30000",
      API_MAX_PAGE: "50000",
    });
    const { port } = new URL(server.url);
    // A client that asks for a large reply, reads its first bytes, and hangs up.
    const socket = connectSocket(Number(port), "127.0.0.1");
    socket.on("data", () => socket.pause());
    socket.write("GET /api/default/transactions?$orderby=Date%20desc HTTP/1.1\r\nHost: x\r\n\r\n");
    await until(() => socket.bytesRead > 0, 30_000);
    socket.destroy();
    // The server has seen the hang-up once it answers again (one request at a time here).
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);

    server.process.kill("SIGTERM");
    // Past the grace time the process would exit 1 ("grace time over").
    expect(await server.exited).toBe(0);
  }, 60_000);

  it("writes the last request before SIGTERM to the log: what the log still buffers goes out first", async () => {
    const server = await startServer({ DATABASE_URL, LOG_LEVEL: "info" });
    const last = `last-before-sigterm-${Date.now()}`;
    await fetch(`${server.url}/api/default/taxonomies`);
    const response = await fetch(`${server.url}/api/default/flat-taxa?$top=1`, {
      headers: { "x-request-id": last },
    });
    expect(response.status).toBe(200);
    await response.arrayBuffer();
    server.process.kill("SIGTERM");
    expect(await server.exited).toBe(0);
    const lines = server
      .output()
      .split("\n")
      .filter((line) => line.startsWith("{"))
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines.filter((line) => line.reqId === last)).toEqual([
      expect.objectContaining({
        msg: "request",
        status: 200,
        url: "/api/default/flat-taxa?$top=1",
      }),
    ]);
    // The shutdown itself is logged after it, so the log was written out to its end.
    expect(lines.at(-1)).toMatchObject({ msg: "shutting down", signal: "SIGTERM" });
  }, 60_000);
});
