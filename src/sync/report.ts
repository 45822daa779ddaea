import type { ItemNotice } from "./hook-notice.ts";
import { describeRefusal, type ImageRefusal } from "../images/refusal.ts";
import type { SetChanges } from "./listing-diff.ts";
import type { SyncedSet } from "./snapshot.ts";

// What a sync did: its figures per set, and the lines the command prints and the running site
// logs.

/** One set's figures, under the service's name for it. */
export interface SetReport {
  set: string;
  listed: number;
  added: number;
  changed: number;
  removed: number;
}

/** `busy`: another sync held the lock, and this one did nothing. */
export type SyncOutcome = "written" | "unchanged" | "dry-run" | "busy";

/** The images a sync's content refers to: how many the site holds, and those it could not hold. */
export interface ImagesReport {
  held: number;
  refused: ImageRefusal[];
}

/** What a sync did, as the command prints it and the schedule counts it. */
export interface SyncReport {
  /** The firm's sets not read: turned off in the settings, or not in the service (kept as held). */
  skipped?: { set: string; reason: "off" | "missing" }[];
  outcome: SyncOutcome;
  sets: SetReport[];
  /** Requests sent to the service, retries included. */
  requests: number;
  /** Whole deals and articles fetched. */
  fetched: number;
  /** The content revision after the sync. */
  revision: number;
  seconds: number;
  /** The cache tags a write touched (src/rules/cache-tags.ts), for the shared caches' purge. */
  tags?: string[];
  /** Hooks' items the service served in an older copy than the hook's: to be asked for again. */
  askAgain?: ItemNotice[];
  /** The images of the content written (absent when nothing was written). */
  images?: ImagesReport;
}

/** Figures for a set: from its listing, or for deals and articles from what the sync kept. */
export function setReport(set: string, changes: SetChanges, synced?: SyncedSet): SetReport {
  const listed = synced?.order.length ?? changes.order.length;
  if (!synced) return { set, listed, ...counts(changes) };
  const kept = new Set(synced.order);
  const added = changes.added.filter((id) => kept.has(id)).length;
  const changed = changes.changed.filter((id) => kept.has(id)).length;
  const removed = changes.removed.length + (changes.order.length - synced.order.length);
  return { set, listed, added, changed, removed };
}

const counts = ({ added, changed, removed }: SetChanges) => ({
  added: added.length,
  changed: changed.length,
  removed: removed.length,
});

/** Two runs under one lock as one: a hook's items, then the content blocks it named. */
export function joinReports(first: SyncReport, then: SyncReport): SyncReport {
  const askAgain = [...(first.askAgain ?? []), ...(then.askAgain ?? [])];
  const images = [first.images, then.images].filter((i): i is ImagesReport => i !== undefined);
  const skipped = [...(first.skipped ?? []), ...(then.skipped ?? [])];
  return {
    outcome: first.outcome === "written" || then.outcome === "written" ? "written" : then.outcome,
    sets: [...first.sets, ...then.sets],
    requests: first.requests + then.requests,
    fetched: first.fetched + then.fetched,
    revision: then.revision,
    seconds: then.seconds,
    tags: [...new Set([...(first.tags ?? []), ...(then.tags ?? [])])],
    ...(askAgain.length > 0 ? { askAgain } : {}),
    ...(skipped.length > 0 ? { skipped } : {}),
    ...(images.length > 0
      ? {
          images: {
            held: images.reduce((n, i) => n + i.held, 0),
            refused: images.flatMap((i) => i.refused),
          },
        }
      : {}),
  };
}

const OUTCOME: Record<SyncReport["outcome"], (report: SyncReport) => string> = {
  written: (r) => `written: content revision ${r.revision}`,
  unchanged: (r) => `nothing changed: nothing was written (content revision ${r.revision})`,
  "dry-run": () => "dry run: nothing was written",
  busy: () => "another sync is running on this database: this one did nothing",
};

/** One line per set, then each image not held, the requests, the time and the outcome. */
export function formatReport(report: SyncReport): string[] {
  if (report.outcome === "busy") return [OUTCOME.busy(report)];
  const verb = report.outcome === "dry-run" ? "would be: " : "";
  return [
    ...(report.images?.refused ?? []).map(describeRefusal),
    ...report.sets.map(
      (s) =>
        `${s.set}: ${s.listed} listed; ${verb}${s.added} added, ${s.changed} changed, ${s.removed} removed`,
    ),
    ...(report.skipped ?? []).map(({ set, reason }) =>
      reason === "off"
        ? `${set}: not read (turned off in the settings)`
        : `${set}: the web service has no such set; this site keeps what it holds`,
    ),
    `${report.requests} requests, ${report.fetched} whole items fetched, ${report.seconds.toFixed(1)} s`,
    OUTCOME[report.outcome](report),
  ];
}
