import { parentPort, workerData } from "node:worker_threads";
import { connect } from "../../db/connect.ts";
import type { ItemNotice } from "../../sync/hook-notice.ts";
import { syncItems } from "../../sync/sync-items.ts";
import { causeOf, failedSync, type SyncResult } from "../sync-result.ts";
import type { SyncJob } from "../sync-worker.ts";

// The long-lived worker thread of the service hooks' item syncs (item-worker.ts starts it and
// says why): one database connection of its own, opened once, and one job at a time, each the
// notices that arrived together. It keeps nothing else between jobs: each reads what it compares
// from the database. Told "stop" (the site is shutting down), it stops the requests of a job
// under way (a write under way finishes), closes its connection and ends.

/** A batch of notices to sync, numbered so that its result finds its caller. */
export interface ItemJob {
  id: number;
  notices: readonly ItemNotice[];
}

/** A job's result. */
export interface ItemJobDone {
  id: number;
  result: SyncResult;
}

const job = workerData as SyncJob;
const stopping = new AbortController();
const db = connect(job.databaseUrl, { create: false, poolMax: 2, timeoutMs: job.timeoutMs });
let running: Promise<void> = Promise.resolve();

async function run({ id, notices }: ItemJob): Promise<void> {
  let result: SyncResult;
  try {
    const report = await syncItems(db, {
      settings: job.settings,
      accessKey: job.accessKey,
      client: { signal: stopping.signal },
      notices,
      cause: job.isRecorded ? causeOf(notices) : undefined,
    });
    result = { ok: true, report };
  } catch (error) {
    result = failedSync(error);
  }
  parentPort?.postMessage({ id, result } satisfies ItemJobDone);
}

parentPort?.on("message", (message: ItemJob | "stop") => {
  if (message === "stop") {
    stopping.abort();
    running = running.then(async () => {
      await db.close();
      parentPort?.close();
    });
    return;
  }
  if (stopping.signal.aborted) return;
  running = running.then(() => run(message));
});
