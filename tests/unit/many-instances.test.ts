import { spawn, type ChildProcess } from "node:child_process";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connect } from "../../src/db/connect.ts";
import { generateContent } from "../../src/db/demo/generate.ts";
import { replaceContent } from "../../src/db/repositories/content-repository.ts";
import { freePort, waitForHttp } from "../../tools/free-port.ts";
import { startPostgres, type ThrowawayPostgres } from "../../tools/postgres.ts";
import { heldImageCount, untilRendered } from "../helpers/renditions.ts";
import { ROOT } from "../../tools/run-script.ts";

// Two instances of the site on one PostgreSQL database, started with `npm start` as an operator
// would, then put through what production does to them: a simultaneous first start on
// an empty database, an import, the database stopped and started, the database frozen, and a
// SIGTERM. The revision poll is slowed to a minute, so only PostgreSQL's NOTIFY can bring an
// import to them in time.

interface Instance {
  url: string;
  metricsUrl: string;
  process: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

const TIMEOUT_MS = 1000;
let pg: ThrowawayPostgres;
let a: Instance;
let b: Instance;

async function npmStart(databaseUrl: string): Promise<Instance> {
  const [port, metricsPort] = [await freePort(), await freePort()];
  const child = spawn("npm", ["start"], {
    cwd: ROOT,
    env: {
      ...process.env,
      HOST: "127.0.0.1",
      PORT: String(port),
      DATABASE_URL: databaseUrl,
      SEED_DEMO: "true",
      LOG_LEVEL: "info",
      METRICS_PORT: String(metricsPort),
      DATABASE_TIMEOUT_MS: String(TIMEOUT_MS),
      CONTENT_POLL_MS: "60000",
      // Not about the site's record (src/server/record/changes.test.ts: a build noted once).
      RECORD: "false",
    },
    stdio: ["ignore", "pipe", "pipe"],
    // npm and the server it starts in a process group of their own, so that afterAll can stop
    // both: a SIGKILL to npm alone would leave the server running as an orphan.
    detached: true,
  });
  let output = "";
  child.stdout?.on("data", (d) => (output += d));
  child.stderr?.on("data", (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => child.on("exit", resolve));
  return {
    url: `http://127.0.0.1:${port}`,
    metricsUrl: `http://127.0.0.1:${metricsPort}/metrics`,
    process: child,
    output: () => output,
    exited,
  };
}

/** The content revision an instance serves, from its metrics. */
async function revisionOf(instance: Instance): Promise<number> {
  const text = await (await fetch(instance.metricsUrl)).text();
  return Number(/^site_content_revision (\d+)$/m.exec(text)?.[1] ?? Number.NaN);
}

/** JSON log lines of an instance. */
const logLines = (instance: Instance) =>
  instance
    .output()
    .split("\n")
    .filter((line) => line.startsWith("{"))
    .map((line) => JSON.parse(line) as Record<string, unknown>);

beforeAll(async () => {
  pg = await startPostgres();
  [a, b] = await Promise.all([npmStart(pg.url), npmStart(pg.url)]);
  for (const instance of [a, b]) {
    await waitForHttp(
      `${instance.url}/healthz`,
      120_000,
      () => instance.process.exitCode === null,
    ).catch((error: unknown) => {
      throw new Error(`${String(error)}\n${instance.output()}`);
    });
  }
}, 180_000);

afterAll(async () => {
  for (const instance of [a, b]) {
    try {
      if (instance?.process.pid) process.kill(-instance.process.pid, "SIGKILL");
    } catch {
      // The group is gone already: npm and its server both exited.
    }
  }
  pg.thaw();
  await pg.remove();
});

// The first test waits for the demo's portraits to be resized by the two instances.
describe("two instances on one PostgreSQL database", { timeout: 90_000 }, () => {
  it("start together on an empty database: exactly one seeds, both serve the same content", async () => {
    // The log is written in batches: once an instance's line that it listens is out, so is its
    // earlier line saying whether it loaded the demo content.
    for (const i of [a, b])
      await expect
        .poll(() => logLines(i).some((l) => String(l.msg).startsWith("Server listening")))
        .toBe(true);
    const seeded = [a, b].filter((i) =>
      logLines(i).some((l) => String(l.msg).includes("loaded the demo content")),
    );
    expect(seeded).toHaveLength(1);
    // One seeding write, then each held image's renditions stored once, by whichever made them.
    await untilRendered(pg.url);
    const revision = 1 + (await heldImageCount(pg.url));
    for (const i of [a, b])
      await expect.poll(() => revisionOf(i), { timeout: 5000, interval: 10 }).toBe(revision);
    const count = async (i: Instance) =>
      (await fetch(`${i.url}/api/default/transactions/$count`)).text();
    expect(await count(a)).toBe(String(generateContent().transactions.length));
    expect(await count(b)).toBe(await count(a));
    for (const i of [a, b]) expect((await fetch(`${i.url}/readyz`)).status).toBe(200);
  });

  it("both see an import at once, through PostgreSQL's NOTIFY", async () => {
    const before = await (await fetch(`${a.url}/api/default/transactions/$count`)).text();
    const db = connect(pg.url);
    const next = generateContent({ transactions: 120, articles: 20, seed: 5 });
    let written: number;
    try {
      written = await replaceContent(db, next);
    } finally {
      await db.close();
    }
    const committed = Date.now();
    const seen = await Promise.all(
      [a, b].map(async (i) => {
        await expect
          .poll(() => revisionOf(i), { timeout: 5000, interval: 10 })
          .toBeGreaterThanOrEqual(written);
        return Date.now() - committed;
      }),
    );
    // With the poll slowed to a minute, only a notification arrives this soon.
    expect(Math.max(...seen)).toBeLessThan(5000);
    for (const i of [a, b]) {
      const count = await (await fetch(`${i.url}/api/default/transactions/$count`)).text();
      expect(count).toBe("120");
      expect(count).not.toBe(before);
    }
  });

  it("answer a stopped database with the error page, uncached, and heal once it returns", async () => {
    const warm = await fetch(`${a.url}/about`);
    expect(warm.status).toBe(200);
    await pg.stop();
    try {
      for (const path of ["/about/careers", "/search?q=advisory"]) {
        const response = await fetch(`${a.url}${path}`, { headers: { "x-request-id": "down-1" } });
        expect(response.status, path).toBe(503);
        expect(response.headers.get("content-type")).toBe("text/html; charset=utf-8");
        expect(response.headers.get("cache-control")).toBe("no-store");
        expect(response.headers.get("x-request-id")).toBe("down-1");
        expect(await response.text()).toContain("This page is not available right now");
      }
      const api = await fetch(`${b.url}/api/default/articles?$top=3`);
      expect(api.status).toBe(503);
      expect(api.headers.get("cache-control")).toBe("no-store");
      expect(await api.json()).toEqual({
        error: { code: "ServiceUnavailable", message: expect.any(String) },
      });
      expect((await fetch(`${a.url}/healthz`)).status).toBe(200);
      // /readyz may give the verdict of the last second before it checks again.
      await expect
        .poll(async () => (await fetch(`${a.url}/readyz`)).status, { timeout: 3000 })
        .toBe(503);
      // The failure is one JSON log line carrying the request's id, not a plain-text stack
      // (written with the next batch of the log, within a second).
      await expect
        .poll(() => logLines(a))
        .toContainEqual(
          expect.objectContaining({ reqId: "down-1", level: 50, msg: "database unavailable" }),
        );
      expect(a.output()).not.toMatch(/^\s+at /m);
    } finally {
      await pg.start();
    }
    const back = Date.now();
    await expect
      .poll(async () => (await fetch(`${a.url}/about/careers`)).status, {
        timeout: 5000,
        interval: 50,
      })
      .toBe(200);
    expect(Date.now() - back).toBeLessThan(2000);
    expect((await fetch(`${b.url}/api/default/articles?$top=3`)).status).toBe(200);
  });

  it("answer a frozen database with 503 within the timeout, and stay alive", async () => {
    pg.freeze();
    try {
      const started = Date.now();
      const response = await fetch(`${b.url}/about/leadership`);
      const took = Date.now() - started;
      expect(response.status).toBe(503);
      expect(took).toBeLessThan(TIMEOUT_MS * 4);
      const alive = Date.now();
      expect((await fetch(`${b.url}/healthz`)).status).toBe(200);
      expect(Date.now() - alive).toBeLessThan(500);
      await expect
        .poll(async () => (await fetch(`${b.url}/readyz`)).status, { timeout: 5000 })
        .toBe(503);
    } finally {
      pg.thaw();
    }
    await expect
      .poll(async () => (await fetch(`${b.url}/about/leadership`)).status, { timeout: 10_000 })
      .toBe(200);
  });

  it("shut down gracefully on a SIGTERM sent to npm start, and exit 0", async () => {
    a.process.kill("SIGTERM");
    expect(await a.exited).toBe(0);
    expect(logLines(a)).toContainEqual(expect.objectContaining({ msg: "shutting down" }));
    await expect(fetch(`${a.url}/healthz`)).rejects.toThrow();
    expect((await fetch(`${b.url}/healthz`)).status).toBe(200);
  });
});
