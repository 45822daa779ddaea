import type { Cause } from "../record/cause.ts";
import type { ItemNotice } from "../sync/hook-notice.ts";
import type { SyncReport } from "../sync/report.ts";
import { SyncRefusedError } from "../sync/run-sync.ts";

/** What a sync's worker thread hands back: the report, or why the sync failed (nothing changed). */
export type SyncResult =
  { ok: true; report: SyncReport } | { ok: false; message: string; problems?: string[] };

/** A failed sync's result: the first line of its error, and each problem when it was refused. */
export function failedSync(error: unknown): SyncResult {
  return {
    ok: false,
    message: error instanceof Error ? error.message.split("\n")[0]! : String(error),
    problems: error instanceof SyncRefusedError ? error.problems : undefined,
  };
}

/** Why this sync writes, for the site's record: the items the hooks named, or the schedule. */
export function causeOf(notices: readonly ItemNotice[] | undefined): Cause {
  return notices ? { type: "hook", items: [...notices] } : { type: "sync", by: "schedule" };
}
