import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "kysely";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { connect, type Db } from "../../src/db/connect.ts";
import { generateContent } from "../../src/db/demo/generate.ts";
import { migrate } from "../../src/db/migrate.ts";
import { contentRevision, replaceContent } from "../../src/db/repositories/content-repository.ts";
import { capturedThrough, lastGap, owedChanges } from "../../src/db/repositories/record-index.ts";
import { DIST, loadAstroHandler } from "../../src/server/boot.ts";
import { loadConfig } from "../../src/server/config.ts";
import { buildFiles, buildId } from "../../src/server/record/build-id.ts";
import type { AstroHandler } from "../../src/server/astro-bridge.ts";
import { builtSite } from "../../src/server/record/capture-app.ts";
import { syncHold, type SyncHold } from "../../src/server/hooks/sync-hold.ts";
import { captureLoop } from "../../src/server/record/capture-loop.ts";
import type { CaptureDeps, CaptureReport } from "../../src/server/record/capture.ts";
import { metricValue, until } from "../helpers/poll.ts";
import { freePort } from "../../tools/free-port.ts";
import { startServer } from "../../tools/server-process.ts";

// A capture that cannot land: the write stays done, the capture is tried again, and its last
// try records what it could not keep as a gap with its cause, which survives a restart and shows
// in /readyz's details and the metrics without making the site unready.

const firm = generateContent({ transactions: 12, articles: 4, seed: 11 });
let dir: string;
let url: string;
let db: Db;
let snapshotDb: Db;
let deps: CaptureDeps;

describe("a capture that fails", { timeout: 240_000 }, () => {
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "site-capture-"));
    url = `file:${join(dir, "site.db")}`;
    db = connect(url, { create: true });
    await migrate(db);
    snapshotDb = connect(url, { create: false });
    process.env.NODE_ENV = "production";
    deps = {
      db,
      snapshotDb,
      site: {
        config: loadConfig({ SITE_URL: "https://www.firm.example" }),
        astro: await loadAstroHandler(),
      },
      build: { id: buildId(DIST), files: () => buildFiles(DIST) },
      by: "a test",
    };
  });
  afterAll(async () => {
    await db?.close();
    await snapshotDb?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("is tried again, and its last try records a gap naming what failed and why", async () => {
    await replaceContent(db, firm, { cause: { type: "demo" } });
    // The write is done; then the pages that list deals cannot be rendered any more.
    await sql`DROP TABLE descriptions`.execute(db.kysely);
    const problems: string[] = [];
    const reports: CaptureReport[] = [];
    const loop = captureLoop(
      deps,
      {
        onCaptured: (report) => reports.push(report),
        onProblem: (message) => problems.push(message),
      },
      { retryMs: [10, 10] },
    );
    loop.wake();
    await loop.idle();
    await loop.stop();
    expect(problems).toHaveLength(2);
    expect(problems[0]).toMatch(/\d+ address\(es\) failed to render: .*\(answered 500\)/);
    expect(reports).toHaveLength(1);
    expect(reports[0]!.gaps).toBe(1);
    // Nothing is owed any more: the change's capture is closed, with its gap.
    expect(await owedChanges(db.kysely, await capturedThrough(db.kysely))).toEqual([]);
    const gap = await lastGap(db.kysely);
    expect(gap?.reason).toMatch(/could not be rendered after every try/);
    const detail = await db.kysely
      .selectFrom("record_entries")
      .select("Detail")
      .where("Kind", "=", "gap")
      .executeTakeFirstOrThrow();
    expect(JSON.parse(detail.Detail!).failures).toContainEqual({
      url: "/transactions",
      reason: "answered 500",
    });
  });

  it("leaves its gap in the record across a restart: the metrics count it, /readyz tells it and stays ready", async () => {
    await sql`CREATE TABLE descriptions ("Key" text primary key, "Html" text not null)`.execute(
      db.kysely,
    );
    const metricsPort = await freePort();
    const site = await startServer({
      DATABASE_URL: url,
      RECORD: "true",
      METRICS_PORT: String(metricsPort),
    });
    try {
      const metrics = `http://127.0.0.1:${metricsPort}/metrics`;
      await until(
        "the gap is counted",
        async () => (await metricValue(metrics, "site_record_gaps")) === 1,
      );
      const ready = await fetch(`${site.url}/readyz`);
      expect(ready.status).toBe(200);
      expect(((await ready.json()) as { details?: { record?: string } }).details?.record).toMatch(
        /^1 gap\(s\); the last at 20\S+ \(revision 1\): \d+ address\(es\) could not be rendered/,
      );
    } finally {
      await site.stop();
    }
  });
});

describe("a capture while the site publishes", { timeout: 240_000 }, () => {
  const closing: (() => Promise<void>)[] = [];
  afterEach(async () => {
    while (closing.length > 0) await closing.pop()!();
  });

  /** A database with the firm's content, and a capture loop over it that `hold` can pause. */
  async function heldCapture(onPage: (pages: number, hold: SyncHold) => void = () => {}) {
    const folder = mkdtempSync(join(tmpdir(), "site-capture-held-"));
    const at = `file:${join(folder, "site.db")}`;
    const writer = connect(at, { create: true });
    const reader = connect(at, { create: false });
    closing.push(async () => {
      await writer.close();
      await reader.close();
      rmSync(folder, { recursive: true, force: true });
    });
    await migrate(writer);
    await replaceContent(writer, firm, { cause: { type: "demo" } });
    const hold = syncHold({ afterMs: 0 });
    process.env.NODE_ENV = "production";
    const built = await builtSite(loadConfig({ SITE_URL: "https://www.firm.example" }));
    const seen = { pages: 0, waiting: false };
    const site = {
      ...built,
      astro: ((...args) => {
        seen.pages += 1;
        onPage(seen.pages, hold);
        return built.astro(...args);
      }) satisfies AstroHandler,
    };
    const reports: CaptureReport[] = [];
    const loop = captureLoop(
      {
        db: writer,
        snapshotDb: reader,
        site,
        build: { id: buildId(DIST), files: () => buildFiles(DIST) },
        by: "a test",
        // Tells when the capture first reaches a pause (after its snapshot).
        hold: {
          ...hold,
          pauses: (options) => {
            const pause = hold.pauses(options);
            return () => {
              seen.waiting = true;
              return pause();
            };
          },
        },
      },
      { onCaptured: (report) => reports.push(report), onProblem: () => {} },
    );
    closing.push(() => loop.stop());
    return { writer, hold, seen, reports, loop };
  }

  it("pauses between two addresses while a sync holds it, and goes on once it ends", async () => {
    // A hook's sync begins as the capture renders its first page.
    const capture = await heldCapture((pages, hold) => pages === 1 && hold.hold());
    capture.loop.wake();
    await until("the capture renders its first page", async () => capture.seen.pages > 0);
    await new Promise((r) => setTimeout(r, 500));
    expect(capture.seen.pages).toBe(1);
    expect(capture.reports).toEqual([]);
    capture.hold.release();
    await capture.loop.idle();
    expect(capture.seen.pages).toBeGreaterThan(1);
    expect(capture.reports).toHaveLength(1);
    expect(await lastGap(capture.writer.kysely)).toBeNull();
  });

  it("keeps the version it was woken for when the next write lands while it waits", async () => {
    const capture = await heldCapture();
    const first = await contentRevision(capture.writer);
    capture.hold.hold();
    capture.loop.wake();
    await until("the capture waits for the sync", async () => capture.seen.waiting);
    // The sync that holds it writes the next version meanwhile.
    const renamed = firm.transactions.map((deal, i) =>
      i === 0 ? { ...deal, Company: "Renamed While Held Co" } : deal,
    );
    await replaceContent(
      capture.writer,
      { ...firm, transactions: renamed },
      {
        cause: { type: "demo" },
      },
    );
    capture.hold.release();
    await capture.loop.idle();
    // Each version has a capture of its own, and none was passed over.
    expect(capture.reports.map((report) => report.revision)).toEqual([first, first + 1]);
    expect(await lastGap(capture.writer.kysely)).toBeNull();
  });
});
