import { parentPort, workerData } from "node:worker_threads";
import { connect } from "../db/connect.ts";
import type { Cause } from "../record/cause.ts";
import type { ItemNotice } from "../sync/hook-notice.ts";
import type { SyncReport } from "../sync/report.ts";
import { runSync, SyncRefusedError } from "../sync/run-sync.ts";
import type { SyncSettings } from "../sync/settings.ts";
import { syncItems } from "../sync/sync-items.ts";

// One scheduled sync, or the sync of the items service hooks named (hooks/item-queue.ts), in a
// worker thread of the running site (sync-schedule.ts starts it). A sync validates and writes the whole content, seconds of work at 15,000 items, and on SQLite
// every statement runs synchronously: in the site's own thread that would hold up every
// visitor's request meanwhile. The worker has its own database connection.

/** What the site hands the worker. */
export interface SyncJob {
  databaseUrl: string;
  timeoutMs: number;
  settings: SyncSettings;
  accessKey?: string;
  /** The items service hooks named: only these are synced (no listing). */
  notices?: readonly ItemNotice[];
  /** Whether the write goes into the site's record, with its cause (the hooks' items, or the schedule). */
  isRecorded?: boolean;
}

/** What the worker hands back: the report, or why the sync failed (nothing was changed). */
export type SyncResult =
  { ok: true; report: SyncReport } | { ok: false; message: string; problems?: string[] };

/** Why this sync writes, for the site's record: the items the hooks named, or the schedule. */
function causeOf(notices: readonly ItemNotice[] | undefined): Cause {
  return notices ? { type: "hook", items: [...notices] } : { type: "sync", by: "schedule" };
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
  const common = {
    settings: job.settings,
    accessKey: job.accessKey,
    client: { signal: controller.signal },
    cause: !job.isRecorded ? undefined : causeOf(job.notices),
  };
  const report = job.notices
    ? await syncItems(db, { ...common, notices: job.notices })
    : await runSync(db, common);
  result = { ok: true, report };
} catch (error) {
  result = {
    ok: false,
    message: error instanceof Error ? error.message.split("\n")[0]! : String(error),
    problems: error instanceof SyncRefusedError ? error.problems : undefined,
  };
} finally {
  await db.close();
}
parentPort?.postMessage(result);
parentPort?.close();
