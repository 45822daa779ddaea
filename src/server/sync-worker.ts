import { parentPort, workerData } from "node:worker_threads";
import { connect } from "../db/connect.ts";
import { runSync } from "../sync/run-sync.ts";
import type { SyncSettings } from "../sync/settings.ts";
import { causeOf, failedSync, type SyncResult } from "./sync-result.ts";

// One scheduled sync in a worker thread of the running site (sync-schedule.ts starts it). A sync
// validates and writes the whole content, seconds of work at 15,000 items, and on SQLite every
// statement runs synchronously: in the site's own thread that would hold up every visitor's
// request meanwhile. The worker has its own database connection, and ends with its sync, which
// gives back the memory that reading the whole content took. (Service hooks' item syncs run in
// one long-lived worker instead: hooks/item-worker.ts.)

/** What the site hands a sync's worker: where the content is, and what to sync it from. */
export interface SyncJob {
  databaseUrl: string;
  timeoutMs: number;
  settings: SyncSettings;
  accessKey?: string;
  /** Whether the write goes into the site's record, with its cause (the hooks' items, or the schedule). */
  isRecorded?: boolean;
}

const job = workerData as SyncJob;
const controller = new AbortController();
// The site is shutting down: stop the requests; a write already under way finishes.
parentPort?.on("message", (message) => {
  if (message === "stop") controller.abort();
});

const db = connect(job.databaseUrl, { create: false, poolMax: 2, timeoutMs: job.timeoutMs });
let result: SyncResult;
try {
  const report = await runSync(db, {
    settings: job.settings,
    accessKey: job.accessKey,
    client: { signal: controller.signal },
    cause: job.isRecorded ? causeOf(undefined) : undefined,
  });
  result = { ok: true, report };
} catch (error) {
  result = failedSync(error);
} finally {
  await db.close();
}
parentPort?.postMessage(result);
parentPort?.close();
