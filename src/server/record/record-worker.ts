import { hostname, setPriority } from "node:os";
import { parentPort, workerData } from "node:worker_threads";
import { connect } from "../../db/connect.ts";
import { lastGap, recordFigures } from "../../db/repositories/record-index.ts";
import { DIST } from "../boot.ts";
import { loadConfig } from "../config.ts";
import { buildFiles, buildId } from "./build-id.ts";
import { builtSite } from "./capture-app.ts";
import { syncHold } from "../hooks/sync-hold.ts";
import { captureLoop } from "./capture-loop.ts";
import { recordDeploy } from "./changes.ts";
import type { CaptureReport } from "./capture.ts";
import type { RecordJob, RecordMessage } from "./recorder.ts";

// The site's captures, in a worker thread of their own at the lowest CPU priority (on Linux a
// thread's nice value is its own), with their own database connections: rendering thousands of
// pages for a baseline must not slow a visitor's request or a publish. At its start it notes a
// new build (a deploy, captured once across instances), then captures whatever is owed.

const job = workerData as RecordJob;
const post = (message: RecordMessage) => parentPort?.postMessage(message);
try {
  setPriority(19);
} catch {
  // A system that refuses it runs the captures at the site's priority.
}
const config = loadConfig();
const db = connect(job.databaseUrl, { create: false, poolMax: 3, timeoutMs: job.timeoutMs });
const snapshotDb = connect(job.databaseUrl, {
  create: false,
  poolMax: 1,
  timeoutMs: job.timeoutMs,
});
const build = buildId(DIST);
// Held by the site's thread while a hook's sync runs (recorder.ts).
const hold = syncHold();
// The record's figures are read whole once, then kept up to date from each capture's report:
// summing the payloads' sizes again after every capture would read the whole table.
let totals: Omit<Extract<RecordMessage, { type: "figures" }>, "type"> | null = null;
const figuresAfter = async (report?: CaptureReport) => {
  if (totals === null || report === undefined) {
    const [sizes, gap] = await Promise.all([recordFigures(db.kysely), lastGap(db.kysely)]);
    totals = { ...sizes, lastGap: gap };
  } else {
    totals = {
      entries: report.head.seq,
      gaps: totals.gaps + report.gaps,
      payloads: totals.payloads + report.payloads,
      bytes: totals.bytes + report.rawBytes,
      lastGap: report.gaps > 0 ? await lastGap(db.kysely) : totals.lastGap,
    };
  }
  post({ type: "figures", ...totals });
};
// One at a time, in the order the captures ended.
let counted = Promise.resolve();
const figures = (report?: CaptureReport) =>
  (counted = counted.then(() => figuresAfter(report)).catch(() => {}));
const loop = captureLoop(
  {
    db,
    snapshotDb,
    site: await builtSite(config),
    build: { id: build, files: () => buildFiles(DIST) },
    by: `site on ${hostname()}, process ${process.pid}`,
    hold,
  },
  {
    onCaptured(report) {
      post({ type: "captured", report });
      void figures(report);
    },
    onProblem: (message) => post({ type: "problem", message }),
  },
  { sweepMs: job.sweepMs },
);
parentPort?.on("message", (message: string) => {
  if (message === "wake") loop.wake();
  if (message === "hold") hold.hold();
  if (message === "release") hold.release();
  if (message === "stop")
    void loop
      .stop()
      .then(() => Promise.all([db.close(), snapshotDb.close()]))
      .finally(() => parentPort?.close());
});
try {
  if (await recordDeploy(db, build)) post({ type: "deploy", build });
  await figures();
} catch (error) {
  post({ type: "problem", message: error instanceof Error ? error.message : String(error) });
}
// Whatever is owed since before this start (a capture cut short by a stop or a crash) too.
loop.wake();
