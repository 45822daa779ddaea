import { parseContentFile } from "../content/content-file.ts";
import type { Db } from "../db/connect.ts";
import { contentRevision, readContent, writeItems } from "../db/repositories/content-repository.ts";
import { heldTaxonomies, type HeldItems } from "../db/repositories/held-items.ts";
import { imageTag } from "../rules/cache-tags.ts";
import {
  firmChangeTags,
  isSameFirm,
  isSameFrame,
  itemChanges,
  itemChangeTags,
  peopleChanges,
} from "./change-tags.ts";
import { fetchFirmAsked, firmAsked, noticedImages } from "./firm-notices.ts";
import { isOlderThanNotice, noticeTarget, type ItemNotice } from "./hook-notice.ts";
import type { SetChanges } from "./listing-diff.ts";
import { toTransaction, type Item, type MappingSettings } from "./map-items.ts";
import { FIRM_SETS, type FirmSet } from "./read-firm.ts";
import { holdSyncImages } from "./hold-images.ts";
import { imagesAfterItemWrite } from "./item-images.ts";
import { fetchChangedSets, listTaxa } from "./read-service.ts";
import { joinReports, type SyncReport } from "./report.ts";
import { SyncRefusedError, underSyncLock, writeSnapshot, type SyncOptions } from "./run-sync.ts";
import { createServiceClient, SyncError } from "./service-client.ts";
import { syncBlocks } from "./sync-blocks.ts";
import {
  buildSnapshot,
  describeClash,
  describeIssue,
  descriptionClashes,
  type Snapshot,
  type SnapshotInput,
  type SyncedSet,
} from "./snapshot.ts";

// The sync of a few items that service hooks named: each is fetched by its Id from its set (both
// sets when its type is not mapped), with the taxonomies whole (they are few, and a hook may be
// about a taxon), both at once. An item the service no longer returns was unpublished or
// deleted: it goes. An item the service returns in a copy older than its hook's is left alone
// and handed back to be asked for again (its output cache serves the old copy for a while).
// Of this site's content only the frame (taxonomies, taxa, settings), the firm's people, offices
// and alerts, and the deals and articles the items may touch are read (held-items.ts). The changed items are validated as the full sync
// validates its content, and written in place, all or nothing, under the same lock, with the
// people, offices and alerts whole when they changed (a person gone leaves every deal's team); a
// change to the taxonomies takes the full sync's path (the whole content read and written again).
// No listing: that is the scheduled full sync's, which catches a missed hook.

/** One run of the hooks that arrived together. */
export interface ItemSyncOptions extends Pick<
  SyncOptions,
  "settings" | "accessKey" | "client" | "cause"
> {
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

const lower = (item: { Id?: unknown }) => String(item.Id).toLowerCase();

/** Past this many items a run reads the whole content: cheaper than so long a list of Ids. */
const MOST_HELD = 500;

/** A fetched set with the held items in their places; asked items the service lacks are gone. */
function inPlace(set: SyncedSet, held: readonly { Id: string }[], ids: ReadonlySet<string>) {
  const present = new Set(set.order);
  return {
    fetched: set.fetched,
    order: asked(held, ids).order.filter((id) => present.has(id) || !ids.has(id)),
  };
}

/** A fetched set without the items of `ids`. */
function without(set: SyncedSet, ids: ReadonlySet<string>): SyncedSet {
  if (ids.size === 0) return set;
  return {
    order: set.order.filter((id) => !ids.has(id)),
    fetched: new Map([...set.fetched].filter(([id]) => !ids.has(id))),
  };
}

/** The held items a run compares the fetched ones with: the asked ones and their rivals. */
function heldAround(
  ids: { deals: ReadonlySet<string>; articles: ReadonlySet<string> },
  fetched: { deals: SyncedSet; articles: SyncedSet },
  mapping: MappingSettings,
): HeldItems | undefined {
  if (ids.deals.size + ids.articles.size > MOST_HELD) return undefined;
  const urlNames = (set: SyncedSet) =>
    [...set.fetched.values()].flatMap((item: Item) =>
      typeof item.UrlName === "string" ? [item.UrlName.toLowerCase()] : [],
    );
  return {
    transactions: {
      ids: [...ids.deals],
      urlNames: urlNames(fetched.deals),
      descriptionKeys: [...fetched.deals.fetched.values()].map((item) =>
        String(toTransaction(item, mapping).Description),
      ),
    },
    articles: { ids: [...ids.articles], urlNames: urlNames(fetched.articles) },
  };
}

/** The content after an item sync, as gathered, and what refuses it. */
interface Gathered {
  input: SnapshotInput;
  snapshot: Snapshot;
  only: Snapshot;
  problems: string[];
  fetched: { deals: SnapshotInput["deals"]; articles: SnapshotInput["articles"] };
  firmCount: number;
}

/** Reads no deal and no article: the frame and the firm's sets alone. */
const NO_ITEMS: HeldItems = {
  transactions: { ids: [], urlNames: [], descriptionKeys: [] },
  articles: { ids: [], urlNames: [] },
};

/**
 * Runs one item sync; `busy` when another sync holds the lock (the caller tries again). Hooks for
 * content blocks refresh the pages they feed (sync-blocks.ts), after the other items are written.
 */
export async function syncItems(db: Db, options: ItemSyncOptions): Promise<SyncReport> {
  const isBlock = (n: ItemNotice) => noticeTarget(options.settings, n.itemType) === "blocks";
  const blocks = options.notices.filter(isBlock);
  const others = options.notices.filter((n) => !isBlock(n));
  return underSyncLock(db, async (started) => {
    if (blocks.length === 0) return underLock(db, options, started);
    const items =
      others.length > 0 ? await underLock(db, { ...options, notices: others }, started) : null;
    const refreshed = await syncBlocks(db, { ...options, notices: blocks }, started);
    return items ? joinReports(items, refreshed) : refreshed;
  });
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
  const mapping = { ...settings, origin: new URL(settings.service).origin };
  // An image's hook names the people whose Photo it is: the people held are read to find them.
  const firm = firmAsked(
    settings,
    options.notices,
    noticedImages(settings, options.notices).length > 0
      ? (await readContent(db, NO_ITEMS)).people
      : [],
  );
  // Asked for while the items are: the service's round trips overlap.
  const taxaAsked = listTaxa(client, settings, await heldTaxonomies(db));
  const askAgain: ItemNotice[] = [];
  /**
   * The content with the asked-for items as the service has them now, and what stops it. An
   * item may clash with one this site holds that changed in Sitefinity too (two deals that share
   * a description, both edited; a URL name passed from one deal to another) and whose hook is
   * still on its way: those are fetched as well, once, rather than refused on a stale copy.
   */
  const gather = async (isFinal: boolean): Promise<Gathered> => {
    const [taxa, served, firmServed] = await Promise.all([
      taxaAsked,
      fetchChangedSets(client, settings, {
        transactions: asked([], deals),
        articles: asked([], articles),
      }),
      fetchFirmAsked(client, settings, firm),
    ]);
    // An older copy than the hook's is not written: its item is asked for again later.
    const late = new Set<string>();
    for (const notice of options.notices) {
      const copy = [served.deals, served.articles, ...Object.values(firmServed)]
        .map((set) => set.fetched.get(notice.id))
        .find((item) => item !== undefined);
      if (!copy || !isOlderThanNotice(notice, copy.LastModified)) continue;
      late.add(notice.id);
      deals.delete(notice.id);
      articles.delete(notice.id);
      for (const set of FIRM_SETS) firm[set].delete(notice.id);
      if (!askAgain.some((n) => n.id === notice.id)) askAgain.push(notice);
    }
    const fetched = {
      deals: without(served.deals, late),
      articles: without(served.articles, late),
    };
    const current = await readContent(db, heldAround({ deals, articles }, fetched, mapping));
    const input: SnapshotInput = {
      current,
      mapping,
      ...taxa,
      deals: inPlace(fetched.deals, current.transactions, deals),
      articles: inPlace(fetched.articles, current.articles, articles),
      firm: Object.fromEntries(
        Object.entries(firmServed).map(([set, served]) => [
          set,
          inPlace(without(served, late), current[set as FirmSet], firm[set as FirmSet]),
        ]),
      ),
      firmFields: settings,
    };
    const snapshot = buildSnapshot(input);
    // Only the items asked for are validated: the others were when they were written.
    const keys = new Set<unknown>();
    const only: Snapshot = {
      ...snapshot,
      transactions: snapshot.transactions.filter((deal) => {
        const isAsked = deals.has(lower(deal));
        if (isAsked) keys.add(deal.Description);
        return isAsked;
      }),
      articles: snapshot.articles.filter((article) => articles.has(lower(article))),
      descriptions: Object.fromEntries(
        Object.entries(snapshot.descriptions).filter(([key]) => keys.has(key)),
      ),
    };
    const shared = descriptionClashes(input);
    const named = urlNameClashes(snapshot, only);
    const unasked = [
      ...shared.flatMap(({ ids }) => ids).map((id) => ["transactions", id] as const),
      ...named.map(({ set, holder }) => [set, holder] as const),
    ].filter(([set, id]) => !(set === "transactions" ? deals : articles).has(id));
    if (!isFinal && unasked.length > 0) {
      for (const [set, id] of unasked) (set === "transactions" ? deals : articles).add(id);
      return gather(true);
    }
    const problems = [
      ...shared.map((clash) => describeClash(clash, settings)),
      ...named.map(
        ({ set, id, urlName, holder }) =>
          `${set === "transactions" ? settings.transactionsSet : settings.articlesSet} ${id}: UrlName: "${urlName}" is already ${holder}'s`,
      ),
    ];
    const firmCount = Object.values(firmServed).reduce((n, set) => n + set.fetched.size, 0);
    return { input, snapshot, only, problems, fetched, firmCount };
  };
  const { input, snapshot, only, problems, fetched, firmCount } = await gather(false);
  const { current } = input;
  const report = (
    outcome: "written" | "unchanged",
    after: number,
    tags: string[],
    images?: SyncReport["images"],
  ) => ({
    outcome,
    sets: [],
    requests: client.requests,
    fetched: fetched.deals.fetched.size + fetched.articles.fetched.size + firmCount,
    revision: after,
    seconds: (performance.now() - started) / 1000,
    tags,
    ...(askAgain.length > 0 ? { askAgain } : {}),
    ...(images ? { images } : {}),
  });
  const parsed = parseContentFile(only);
  if (!parsed.ok)
    throw new SyncRefusedError([
      ...problems,
      ...parsed.issues.map((issue) => describeIssue(issue, only, settings)),
    ]);
  if (problems.length > 0) throw new SyncRefusedError(problems);

  // A taxon changed: it may show on any page, so the whole content is written, as a sync does.
  if (
    !isSameFrame(
      { ...current, transactions: [], articles: [] },
      { ...parsed.content, transactions: [], articles: [] },
    )
  ) {
    const whole = await readContent(db);
    const written = await writeSnapshot(
      db,
      {
        ...input,
        current: whole,
        deals: inPlace(fetched.deals, whole.transactions, deals),
        articles: inPlace(fetched.articles, whole.articles, articles),
      },
      settings,
      { revision, signal: options.client?.signal, cause: options.cause },
    );
    return report("written", written!.revision, written!.tags, written!.images);
  }
  const before = {
    transactions: current.transactions.filter((deal) => deals.has(lower(deal))),
    articles: current.articles.filter((article) => articles.has(lower(article))),
    descriptions: current.descriptions,
  };
  const changes = itemChanges(before, parsed.content);
  // The people, offices and alerts were read whole: a change to them is written whole, in place.
  const firmWrite = isSameFirm(current, parsed.content)
    ? undefined
    : { content: parsed.content, people: peopleChanges(current, parsed.content) };
  const tags = [
    ...itemChangeTags(changes, parsed.content.hierarchyTaxa),
    ...(firmWrite ? firmChangeTags(current, parsed.content) : []),
  ];
  // A hook for an item as this site already holds it (sent twice, say) writes nothing. A change
  // no page shows yet (an alert older than the banner's) is still written, with no tags.
  if (tags.length === 0 && firmWrite === undefined) return report("unchanged", revision, []);
  const descriptions = descriptionWrites(snapshot, before, parsed.content.descriptions);
  const held = await holdSyncImages(
    db,
    parsed.content,
    input.mapping.origin,
    options.client?.signal,
  );
  let dropped: readonly string[] = [];
  const after = await writeItems(
    db,
    {
      deals: {
        removed: changes.deals.flatMap(({ before: b, after: a }) => (b && !a ? [b.Id] : [])),
        written: changes.deals.flatMap(({ after: a }) => (a ? [a] : [])),
      },
      articles: {
        removed: changes.articles.flatMap(({ before: b, after: a }) => (b && !a ? [b.Id] : [])),
        written: changes.articles.flatMap(({ after: a }) => (a ? [a] : [])),
      },
      descriptions,
      firm: firmWrite,
    },
    {
      ifRevision: revision,
      tags: [...tags, ...held.tags],
      images: await imagesAfterItemWrite(db, {
        before: {
          articles: before.articles,
          descriptions: current.descriptions,
          people: current.people,
        },
        after: parsed.content,
        descriptions,
      }),
      onImagesDropped: (digests) => (dropped = digests),
      cause: options.cause,
    },
  );
  return report("written", after, [...tags, ...held.tags, ...dropped.map(imageTag)], held.images);
}

/**
 * The description texts the changed deals use, and the keys no deal uses any more (a removed
 * deal's, unless another deal shares it): null, to be removed.
 */
function descriptionWrites(
  snapshot: Snapshot,
  before: { transactions: readonly { Description: string }[] },
  written: Readonly<Record<string, string>>,
): Record<string, string | null> {
  const used = new Set(snapshot.transactions.map((deal) => String(deal.Description)));
  const writes: Record<string, string | null> = { ...written };
  for (const { Description } of before.transactions)
    if (!used.has(Description)) writes[Description] = null;
  return writes;
}

/** An asked-for item whose UrlName another item of its set already has. */
function urlNameClashes(
  whole: Snapshot,
  only: Snapshot,
): { set: "transactions" | "articles"; id: string; urlName: string; holder: string }[] {
  return (["transactions", "articles"] as const).flatMap((set) => {
    const asked = new Set(only[set].map(lower));
    const taken = new Map<string, string>();
    for (const item of whole[set])
      if (!asked.has(lower(item)) && typeof item.UrlName === "string")
        taken.set(item.UrlName.toLowerCase(), lower(item));
    return only[set].flatMap((item) => {
      const urlName = typeof item.UrlName === "string" ? item.UrlName : "";
      const holder = taken.get(urlName.toLowerCase());
      return holder === undefined ? [] : [{ set, id: lower(item), urlName, holder }];
    });
  });
}
