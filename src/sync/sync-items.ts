import type { Db } from "../db/connect.ts";
import { contentRevision, readContent } from "../db/repositories/content-repository.ts";
import { tryWithSyncLock } from "../db/sync-lock.ts";
import { noticeTarget, type ItemNotice } from "./hook-notice.ts";
import type { SetChanges } from "./listing-diff.ts";
import { fetchChangedSets, listTaxa } from "./read-service.ts";
import type { SyncReport } from "./report.ts";
import { writeSnapshot, type SyncOptions } from "./run-sync.ts";
import { createServiceClient, SyncError } from "./service-client.ts";

// The sync of a few items that service hooks named: each is fetched by its Id from its set (both
// sets when its type is not mapped), the taxonomies whole (they are few, and a hook may be about
// a taxon), and the content after it is validated and written as the full sync's is, all or
// nothing, under the same lock. An item the service no longer returns was unpublished or
// deleted: it goes. No listing: that is the scheduled full sync's, which catches a missed hook.

/** One run of the hooks that arrived together. */
export interface ItemSyncOptions extends Pick<SyncOptions, "settings" | "accessKey" | "client"> {
  notices: readonly ItemNotice[];
}

/** The Ids asked for in a set: changed if held, else added; held ones stay in their place. */
function asked(held: readonly { Id: string }[], ids: ReadonlySet<string>): SetChanges {
  const order = held.map((item) => item.Id.toLowerCase());
  const isHeld = new Set(order);
  const added = [...ids].filter((id) => !isHeld.has(id));
  return {
    added,
    changed: [...ids].filter((id) => isHeld.has(id)),
    removed: [],
    order: [...order, ...added],
  };
}

/** Runs one item sync; `busy` when another sync holds the lock (the caller tries again). */
export async function syncItems(db: Db, options: ItemSyncOptions): Promise<SyncReport> {
  const started = performance.now();
  const locked = await tryWithSyncLock(db, () => underLock(db, options, started));
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

async function underLock(db: Db, options: ItemSyncOptions, started: number): Promise<SyncReport> {
  const { settings } = options;
  const revision = await contentRevision(db);
  if (revision === 0) throw new SyncError(`database ${db.location} holds no content yet`);
  const deals = new Set<string>();
  const articles = new Set<string>();
  for (const { itemType, id } of options.notices) {
    const target = noticeTarget(settings, itemType);
    if (target === "transactions" || target === "either") deals.add(id);
    if (target === "articles" || target === "either") articles.add(id);
  }
  const client = createServiceClient({
    ...options.client,
    service: settings.service,
    accessKey: options.accessKey,
  });
  const current = await readContent(db);
  const [taxa, fetched] = await Promise.all([
    listTaxa(client, settings),
    fetchChangedSets(client, settings, {
      transactions: asked(current.transactions, deals),
      articles: asked(current.articles, articles),
    }),
  ]);
  const written = await writeSnapshot(
    db,
    {
      current,
      mapping: { ...settings, origin: new URL(settings.service).origin },
      ...taxa,
      deals: fetched.deals,
      articles: fetched.articles,
    },
    settings,
    // A hook for an item as this site already holds it (sent twice, say) writes nothing.
    { revision, isUnchangedSkipped: true },
  );
  return {
    outcome: written && written.tags.length > 0 ? "written" : "unchanged",
    sets: [],
    requests: client.requests,
    fetched: fetched.deals.fetched.size + fetched.articles.fetched.size,
    revision: written?.revision ?? revision,
    seconds: (performance.now() - started) / 1000,
    tags: written?.tags ?? [],
  };
}
