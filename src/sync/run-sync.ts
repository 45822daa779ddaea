import { parseContentFile } from "../content/content-file.ts";
import { transactionSchema } from "../content/transaction.ts";
import type { Db } from "../db/connect.ts";
import {
  contentRevision,
  readContent,
  replaceContent,
} from "../db/repositories/content-repository.ts";
import { readContentVersions } from "../db/repositories/sync-repository.ts";
import { tryWithSyncLock } from "../db/sync-lock.ts";
import { isUnchanged, type SetChanges } from "./listing-diff.ts";
import { fetchChanged, listService, type SetName } from "./read-service.ts";
import { createServiceClient, SyncError, type ClientOptions } from "./service-client.ts";
import type { SyncSettings } from "./settings.ts";
import { buildSnapshot, describeIssue, type SyncedSet } from "./snapshot.ts";

// One sync (issue 21): list the service, stop when nothing changed, else fetch the new and
// changed deals and articles, build the whole new content, validate it as an import is
// validated, and write it through the import's own write path: all or nothing, one revision.
// Under the database's sync lock, so two syncs never interleave; and the write goes through
// only if no import or other writer changed the content since it was read.

export interface SyncOptions {
  settings: SyncSettings;
  /** SITEFINITY_ACCESS_KEY. */
  accessKey?: string;
  /** Do everything but the write. */
  isDryRun?: boolean;
  /** Fetch every item again, changed or not (after a change of settings). */
  isFull?: boolean;
  /** The client's timeout, retries and pauses (tests shorten them), and a signal to stop. */
  client?: Omit<ClientOptions, "service" | "accessKey">;
}

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

export interface SyncReport {
  outcome: SyncOutcome;
  sets: SetReport[];
  /** Requests sent to the service, retries included. */
  requests: number;
  /** Whole deals and articles fetched. */
  fetched: number;
  /** The content revision after the sync. */
  revision: number;
  seconds: number;
}

/** The sync found problems in the service's content: nothing was changed. */
export class SyncRefusedError extends SyncError {
  override name = "SyncRefusedError";
  readonly problems: string[];
  constructor(problems: string[]) {
    super(
      `the web service's content has ${problems.length} problem(s); nothing was changed:\n${problems.join("\n")}`,
    );
    this.problems = problems;
  }
}

// The deal's UrlName is carried once this site's transactions have one (the search issue).
const hasDealUrlName = "UrlName" in transactionSchema.shape;

/** Figures for a set: from its listing, or for deals and articles from what the sync kept. */
function setReport(set: string, changes: SetChanges, synced?: SyncedSet): SetReport {
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

/** Runs one sync; resolves with what it did, rejects with a SyncError that says why not. */
export async function runSync(db: Db, options: SyncOptions): Promise<SyncReport> {
  const started = performance.now();
  const locked = await tryWithSyncLock(db, () => syncUnderLock(db, options, started));
  if (locked.ran) return locked.value;
  return {
    outcome: "busy",
    sets: [],
    requests: 0,
    fetched: 0,
    revision: await contentRevision(db),
    seconds: (performance.now() - started) / 1000,
  };
}

async function syncUnderLock(db: Db, options: SyncOptions, started: number): Promise<SyncReport> {
  const { settings } = options;
  const revision = await contentRevision(db);
  if (revision === 0)
    throw new SyncError(
      `database ${db.location} holds no content yet: import a content file first (npm run content:import), or start the site once with SEED_DEMO=true`,
    );
  const client = createServiceClient({
    ...options.client,
    service: settings.service,
    accessKey: options.accessKey,
  });
  const held = await readContentVersions(db);
  const listing = await listService(client, settings, held, { full: options.isFull });
  if (listing.problems.length > 0) throw new SyncRefusedError(listing.problems);
  const { changes } = listing;
  const names: Record<SetName, string> = {
    taxonomies: "taxonomies",
    hierarchyTaxa: "hierarchy-taxa",
    flatTaxa: "flat-taxa",
    transactions: settings.transactionsSet,
    articles: settings.articlesSet,
  };
  const report = (
    outcome: SyncOutcome,
    synced: Partial<Record<SetName, SyncedSet>>,
    after = revision,
  ) => ({
    outcome,
    sets: (Object.keys(names) as SetName[]).map((set) =>
      setReport(names[set], changes[set], synced[set]),
    ),
    requests: client.requests,
    fetched: (synced.transactions?.fetched.size ?? 0) + (synced.articles?.fetched.size ?? 0),
    revision: after,
    seconds: (performance.now() - started) / 1000,
  });
  if (Object.values(changes).every(isUnchanged)) return report("unchanged", {});

  const current = await readContent(db);
  const { service, transactionsSet, articlesSet, descriptionField } = settings;
  const deals = await fetchChanged(client, service, transactionsSet, changes.transactions, [
    [settings.industriesField, "industriesField"],
    ...(descriptionField ? [[descriptionField, "descriptionField"] as const] : []),
  ]);
  const articles = await fetchChanged(client, service, articlesSet, changes.articles, [
    [settings.tagsField, "tagsField"],
  ]);
  const snapshot = buildSnapshot({
    current,
    mapping: { ...settings, origin: new URL(settings.service).origin, hasDealUrlName },
    industries: listing.industries,
    tags: listing.tags,
    hierarchyTaxa: listing.hierarchyTaxa,
    flatTaxa: listing.flatTaxa,
    deals,
    articles,
  });
  const parsed = parseContentFile(snapshot);
  if (!parsed.ok)
    throw new SyncRefusedError(
      parsed.issues.map((issue) => describeIssue(issue, snapshot, settings)),
    );
  if (options.isDryRun) return report("dry-run", { transactions: deals, articles });
  const after = await replaceContent(db, parsed.content, { ifRevision: revision });
  return report("written", { transactions: deals, articles }, after);
}
