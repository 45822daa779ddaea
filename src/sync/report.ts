import type { SyncReport } from "./run-sync.ts";

// What a sync did, in the lines the command prints and the running site logs.

const OUTCOME: Record<SyncReport["outcome"], (report: SyncReport) => string> = {
  written: (r) => `written: content revision ${r.revision}`,
  unchanged: (r) => `nothing changed: nothing was written (content revision ${r.revision})`,
  "dry-run": () => "dry run: nothing was written",
  busy: () => "another sync is running on this database: this one did nothing",
};

/** One line per set, then the requests, the time and the outcome. */
export function formatReport(report: SyncReport): string[] {
  if (report.outcome === "busy") return [OUTCOME.busy(report)];
  const verb = report.outcome === "dry-run" ? "would be: " : "";
  return [
    ...report.sets.map(
      (s) =>
        `${s.set}: ${s.listed} listed; ${verb}${s.added} added, ${s.changed} changed, ${s.removed} removed`,
    ),
    `${report.requests} requests, ${report.fetched} whole items fetched, ${report.seconds.toFixed(1)} s`,
    OUTCOME[report.outcome](report),
  ];
}
