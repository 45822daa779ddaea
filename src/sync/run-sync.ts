import { parseContentFile, type ContentFile } from "../content/content-file.ts";
import type { Db } from "../db/connect.ts";
import {
  contentRevision,
  readContent,
  replaceContent,
} from "../db/repositories/content-repository.ts";
import { readContentVersions, readSiteSettings } from "../db/repositories/sync-repository.ts";
import { tryWithSyncLock } from "../db/sync-lock.ts";
import { ARTICLES, DEALS, imageTag } from "../rules/cache-tags.ts";
import { contentChangeTags } from "./change-tags.ts";
import { CONTENT_BLOCKS_SET, isEveryBlockHeld, missingPages } from "./content-blocks.ts";
import { holdSyncImages } from "./hold-images.ts";
import { isUnchanged } from "./listing-diff.ts";
import { readContentBlocks } from "./read-blocks.ts";
import { fetchChangedSets, listService, type SetName } from "./read-service.ts";
import { readFirm } from "./sync-firm.ts";
import { setReport, type ImagesReport, type SyncOutcome, type SyncReport } from "./report.ts";
import { createServiceClient, SyncError, type ClientOptions } from "./service-client.ts";
import type { SyncSettings } from "./settings.ts";
import type { Cause } from "../record/cause.ts";
import {
  buildSnapshot,
  describeClash,
  describeIssue,
  descriptionClashes,
  type SnapshotInput,
  type SyncedSet,
} from "./snapshot.ts";

// One sync, by hand (content:sync) or on schedule (SYNC_EVERY): list the service, stop when
// nothing changed, else fetch the new and changed deals and articles, build the whole new
// content, validate it as an import is validated, and write it through the import's own write
// path: all or nothing, one revision.
// Under the database's sync lock, so two syncs never interleave; and the write goes through
// only if no import or other writer changed the content since it was read.

/** What one sync is told: the settings, the key, and how it runs. */
export interface SyncOptions {
  settings: SyncSettings;
  /** SITEFINITY_ACCESS_KEY. */
  accessKey?: string;
  /** Do everything but the write. */
  isDryRun?: boolean;
  /** Fetch every item again, changed or not (after a change of settings). */
  isFull?: boolean;
  /** Let a set the service lists as empty empty this site's too (else the sync refuses). */
  isEmptyAllowed?: boolean;
  /** The client's timeout, retries and pauses (tests shorten them), and a signal to stop. */
  client?: Omit<ClientOptions, "service" | "accessKey">;
  /** Why, for the site's record: given, the write goes into it (src/record/). */
  cause?: Cause;
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

/** Runs one sync; resolves with what it did, rejects with a SyncError that says why not. */
export async function runSync(db: Db, options: SyncOptions): Promise<SyncReport> {
  return underSyncLock(db, (started) => syncUnderLock(db, options, started));
}

/**
 * Runs a sync holding the database's sync lock, handing it the time it started; reports `busy`
 * at once, having done nothing, when another sync holds the lock (the caller tries again).
 */
export async function underSyncLock(
  db: Db,
  sync: (started: number) => Promise<SyncReport>,
): Promise<SyncReport> {
  const started = performance.now();
  const locked = await tryWithSyncLock(db, () => sync(started));
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
  const [listing, firm, blocks, site] = await Promise.all([
    listService(client, settings, held, { full: options.isFull }),
    readFirm(client, settings, held, { full: options.isFull }),
    readContentBlocks(client, settings),
    readSiteSettings(db),
  ]);
  const pages = site?.pages ?? [];
  const problems = [
    ...listing.problems,
    ...firm.problems,
    ...(blocks.read ? missingPages(pages, blocks.blocks.keys()) : []),
  ];
  if (problems.length > 0) throw new SyncRefusedError(problems);
  const { changes } = listing;
  // A service that lists nothing (a key whose user lost its rights, a filtered set) must not
  // empty the site: that takes the web team saying so.
  const emptied = [
    ...(["transactions", "articles"] as const)
      .filter((set) => changes[set].order.length === 0 && held[set].length > 0)
      .map((set) => ({
        name: set === "transactions" ? settings.transactionsSet : settings.articlesSet,
        count: held[set].length,
      })),
    ...firm.emptied,
  ];
  if (emptied.length > 0 && !options.isEmptyAllowed)
    throw new SyncRefusedError(
      emptied.map(
        ({ name, count }) =>
          `${name}: the web service lists none, where this site holds ${count}; if they were all removed in Sitefinity, run the sync with --allow-empty`,
      ),
    );
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
    sets: [
      ...(Object.keys(names) as SetName[]).map((set) =>
        setReport(names[set], changes[set], synced[set]),
      ),
      ...firm.reports(),
    ],
    skipped: [
      ...firm.skipped,
      ...(blocks.read ? [] : [{ set: CONTENT_BLOCKS_SET, reason: "missing" as const }]),
    ],
    requests: client.requests,
    fetched: (synced.transactions?.fetched.size ?? 0) + (synced.articles?.fetched.size ?? 0),
    revision: after,
    seconds: (performance.now() - started) / 1000,
  });
  if (
    Object.values(changes).every(isUnchanged) &&
    firm.isUnchanged() &&
    (!blocks.read || isEveryBlockHeld(pages, blocks.blocks))
  )
    return report("unchanged", {});

  const current = await readContent(db);
  const [{ deals, articles }, firmSets] = await Promise.all([
    fetchChangedSets(client, settings, changes),
    firm.fetch(),
  ]);
  const input: SnapshotInput = {
    current,
    mapping: { ...settings, origin: new URL(settings.service).origin },
    industries: listing.industries,
    tags: listing.tags,
    hierarchyTaxa: listing.hierarchyTaxa,
    flatTaxa: listing.flatTaxa,
    deals,
    articles,
    firm: firmSets,
    firmFields: settings,
    ...(blocks.read ? { blocks: blocks.blocks } : {}),
  };
  const written = await writeSnapshot(db, input, settings, {
    revision,
    isDryRun: options.isDryRun,
    signal: options.client?.signal,
    cause: options.cause,
  });
  const synced = { transactions: deals, articles };
  if (written === null) return report("dry-run", synced);
  return {
    ...report("written", synced, written.revision),
    tags: written.tags,
    images: written.images,
  };
}

/**
 * Validates the content after a sync as an import is validated, and writes it through the
 * import's write path, all or nothing, only if no one changed the content since `revision`
 * was read; the images it refers to are held first (hold-images.ts). Resolves to the new
 * revision, the cache tags the write touched and its images, or null on a dry run.
 */
export async function writeSnapshot(
  db: Db,
  input: SnapshotInput,
  settings: SyncSettings,
  {
    revision,
    isDryRun = false,
    signal,
    cause,
  }: { revision: number; isDryRun?: boolean; signal?: AbortSignal; cause?: Cause },
): Promise<{ revision: number; tags: string[]; images: ImagesReport } | null> {
  const clashes = descriptionClashes(input);
  if (clashes.length > 0)
    throw new SyncRefusedError(clashes.map((clash) => describeClash(clash, settings)));
  const snapshot = buildSnapshot(input);
  const parsed = parseContentFile(snapshot);
  if (!parsed.ok)
    throw new SyncRefusedError(
      parsed.issues.map((issue) => describeIssue(issue, snapshot, settings)),
    );
  if (isDryRun) return null;
  return writeContent(db, input.current, parsed.content, input.mapping.origin, {
    revision,
    signal,
    cause,
  });
}

/**
 * Writes validated content in place of `current` through the import's write path, the images it
 * refers to held first (from `origin` only), if no one changed the content since `revision`.
 */
export async function writeContent(
  db: Db,
  current: ContentFile,
  content: ContentFile,
  origin: string,
  { revision, signal, cause }: { revision: number; signal?: AbortSignal; cause?: Cause },
): Promise<{ revision: number; tags: string[]; images: ImagesReport }> {
  const held = await holdSyncImages(db, content, origin, signal);
  // No item differs, yet the service listed a change: the order of a list, at most.
  const changed = contentChangeTags(current, content);
  const tags = [...(changed.length > 0 ? changed : [DEALS, ARTICLES]), ...held.tags];
  let dropped: readonly string[] = [];
  const after = await replaceContent(db, content, {
    ifRevision: revision,
    tags,
    onImagesDropped: (digests) => (dropped = digests),
    cause,
  });
  return { revision: after, tags: [...tags, ...dropped.map(imageTag)], images: held.images };
}
