import { existsSync } from "node:fs";
import { hostname, setPriority } from "node:os";
import { connect, CONTENT_WRITE_TIMEOUT_MS, type Db } from "../src/db/connect.ts";
import { DIST } from "../src/server/boot.ts";
import { loadConfig } from "../src/server/config.ts";
import { buildFiles, buildId } from "../src/server/record/build-id.ts";
import { builtSite } from "../src/server/record/capture-app.ts";
import { captureLoop } from "../src/server/record/capture-loop.ts";
import type { CaptureReport } from "../src/server/record/capture.ts";

/** The line a capture prints: what it kept, and the record's head (to be filed elsewhere). */
export function captureLine(report: CaptureReport): string {
  return (
    `record: captured revision ${report.revision} (${report.responses} pages and replies, ` +
    `${report.payloads} new payloads, ${Math.round(report.storedBytes / 1024)} kB${report.gaps > 0 ? `, ${report.gaps} gap(s)` : ""}) ` +
    `in ${report.seconds.toFixed(1)} s; head ${report.head.seq} ${report.head.hash}`
  );
}

/**
 * After a command wrote content: captures every change still owed a capture (its own among
 * them) into the site's record, as the running site would, at the lowest CPU priority, and
 * prints each capture with the record's head. Without a build of the site it captures nothing:
 * the change stays owed, and the site captures it at its next start.
 */
export async function captureOwn(db: Db, { kind }: { kind: string }): Promise<void> {
  if (!existsSync(`${DIST}server/entry.mjs`)) {
    console.warn(
      "record: no build of the site here (npm run build): the capture is owed, and the site makes it at its next start",
    );
    return;
  }
  const config = loadConfig();
  // React picks its build from NODE_ENV when the pages load: the site's own.
  process.env.NODE_ENV = config.NODE_ENV;
  try {
    setPriority(19);
  } catch {
    // Refused: the capture runs at this command's priority.
  }
  const snapshotDb = connect(config.DATABASE_URL, {
    create: false,
    timeoutMs: CONTENT_WRITE_TIMEOUT_MS,
  });
  const loop = captureLoop(
    {
      db,
      snapshotDb,
      site: await builtSite(config),
      build: { id: buildId(DIST), files: () => buildFiles(DIST) },
      by: `${kind} on ${hostname()}, process ${process.pid}`,
    },
    {
      onCaptured: (report) => console.log(captureLine(report)),
      onProblem: (message) => console.warn(`record: a capture failed, trying again: ${message}`),
    },
    { sweepMs: 3_600_000 },
  );
  try {
    loop.wake();
    await loop.idle();
  } finally {
    await loop.stop();
    await snapshotDb.close();
  }
}
