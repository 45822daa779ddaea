import { sql, type Insertable, type Kysely } from "kysely";
import type { ContentFile } from "../../content/content-file.ts";
import type { Person } from "../../content/person.ts";
import type { Site } from "../../content/site.ts";
import type { Cause } from "../../record/cause.ts";
import { canonicalJson, entry } from "../../record/chain.ts";
import { ALL, imageTag, isRenditionsChange } from "../../rules/cache-tags.ts";
import { storedDateTime } from "../../rules/date-time.ts";
import type { Db } from "../connect.ts";
import { writeTransaction } from "../write-transaction.ts";
import type { Database } from "../schema.ts";
import { withApiDates } from "./api-dates.ts";
import { among, heldArticles, heldDeals, type HeldItems } from "./held-items.ts";
import { collectImages, dropAddresses, imageAddresses, markReferenced } from "./image-collect.ts";
import { appendInTransaction } from "./record-repository.ts";
import { rebuildSearchIndex, updateSearchIndex } from "./search-index-repository.ts";

const BATCH = 400;

/** The PostgreSQL channel an import notifies at its commit (src/server/content-state.ts listens). */
export const CONTENT_CHANNEL = "site_content";

/** A content file's date-time (already normalised) as the database stores it. */
const stored = (dateTime: string) => storedDateTime(dateTime) ?? dateTime;
/** An item with its LastModified in the stored form. */
const stamped = <T extends { LastModified: string }>(item: T) => ({
  ...item,
  LastModified: stored(item.LastModified),
});

/** Items as stored: LastModified in the stored form, and their place in the file (Position). */
const inOrder = <T extends { LastModified: string }>(items: readonly T[]) =>
  items.map((item, Position) => ({ ...stamped(item), Position }));

/** Each item's taxa (industries, Tags) as link rows, in the item's order: the first is its main one. */
const taxonLinks = <K extends string, T extends { Id: string }>(
  owner: K,
  items: readonly T[],
  taxa: (item: T) => readonly string[],
) =>
  items.flatMap((item) =>
    taxa(item).map(
      (TaxonId, Position) =>
        ({ [owner]: item.Id, TaxonId, Position }) as Record<K, string> & {
          TaxonId: string;
          Position: number;
        },
    ),
  );

type Deal = ContentFile["transactions"][number];
type Article = ContentFile["articles"][number];
type Placed<T> = T & { LastModified: string; Position: number };

/** A deal as its table stores it. */
const dealRow = ({ industries: _industries, DealTeam: _team, ...t }: Placed<Deal>) => ({
  ...t,
  Date: stored(t.Date),
  Counterparty: t.Counterparty ?? null,
  Service: t.Service ?? null,
});

/** An article as its table stores it. */
const articleRow = ({ Tags: _tags, ...a }: Placed<Article>) => ({
  ...a,
  PublicationDate: stored(a.PublicationDate),
});

/** Each deal's team as link rows, in the deal's order. */
const teamLinks = (deals: readonly Deal[]) =>
  deals.flatMap((deal) =>
    (deal.DealTeam ?? []).map((PersonId, Position) => ({
      TransactionId: deal.Id,
      PersonId,
      Position,
    })),
  );

/** The people, offices and alerts as their tables store them. */
function peopleRows(content: Pick<ContentFile, "people" | "offices" | "alerts">) {
  return {
    people: inOrder(content.people).map(({ Industries: _i, ...p }) => ({
      ...p,
      FirstName: p.FirstName ?? null,
      LastName: p.LastName ?? null,
      JobTitle: p.JobTitle ?? null,
      Email: p.Email ?? null,
      Phone: p.Phone ?? null,
      Photo: p.Photo === null ? null : JSON.stringify(p.Photo),
      PreviousUrlNames: p.PreviousUrlNames ? JSON.stringify(p.PreviousUrlNames) : null,
    })),
    industries: content.people.flatMap((p) =>
      p.Industries.map((TaxonId, Position) => ({ PersonId: p.Id, TaxonId, Position })),
    ),
    offices: inOrder(content.offices).map((o) => ({
      ...o,
      Phone: o.Phone ?? null,
      Email: o.Email ?? null,
    })),
    alerts: inOrder(content.alerts).map((a) => ({
      ...a,
      PublicationDate: stored(a.PublicationDate),
      LinkTitle: a.LinkTitle ?? null,
      LinkUrl: a.LinkUrl ?? null,
    })),
  };
}

/** Thrown by replaceContent when the content is no longer at the revision the caller read. */
export class ContentChangedError extends Error {
  override name = "ContentChangedError";
}

export interface ReplaceOptions {
  /**
   * Write only if the content is still at this revision (a sync built its snapshot from it):
   * an import or another writer in between makes the write fail rather than undo theirs.
   */
  ifRevision?: number;
  /** The cache tags the write touches (src/rules/cache-tags.ts); all of them unless said. */
  tags?: readonly string[];
  /**
   * Told, after the commit, the digests of the images the write dropped because no content refers
   * to them any more: their tags are among the write's, for the caller's purge.
   */
  onImagesDropped?: (digests: readonly string[]) => void;
  /** Why: given, the write goes into the site's record with it (src/record/), in the same transaction. */
  cause?: Cause;
}

/** How many revisions' changes are kept: an instance further behind drops everything. */
const CHANGES_KEPT = 1000;

/**
 * Replaces all content in one database transaction: on any error nothing changes.
 * Bumps the content revision so running servers drop their caches; resolves to the new revision.
 */
export async function replaceContent(
  db: Db,
  content: ContentFile,
  { ifRevision, tags = [ALL], onImagesDropped, cause }: ReplaceOptions = {},
): Promise<number> {
  let dropped: string[] = [];
  const revision = await writeTransaction(db, async (tx) => {
    if (ifRevision !== undefined) await checkRevision(tx, db.dialect, ifRevision);
    await deleteAll(tx);
    await insertBatches(tx, "taxonomies", inOrder(content.taxonomies));
    await insertBatches(tx, "flat_taxa", inOrder(content.flatTaxa));
    // Parents before children is not needed: ParentId carries no foreign key (the file was checked).
    await insertBatches(tx, "hierarchy_taxa", inOrder(content.hierarchyTaxa));
    await insertBatches(tx, "transactions", inOrder(content.transactions).map(dealRow));
    await insertBatches(
      tx,
      "transaction_industries",
      taxonLinks("TransactionId", content.transactions, (t) => t.industries),
    );
    await insertBatches(
      tx,
      "descriptions",
      Object.entries(content.descriptions).map(([Key, Html]) => ({ Key, Html })),
    );
    await insertBatches(tx, "articles", inOrder(content.articles).map(articleRow));
    await insertBatches(
      tx,
      "article_tags",
      taxonLinks("ArticleId", content.articles, (a) => a.Tags),
    );
    await insertBatches(tx, "transaction_team", teamLinks(content.transactions));
    const firm = peopleRows(content);
    await insertBatches(tx, "people", firm.people);
    await insertBatches(tx, "person_industries", firm.industries);
    await insertBatches(tx, "offices", firm.offices);
    await insertBatches(tx, "alerts", firm.alerts);
    await insertBatches(tx, "site_settings", [
      { Key: "site", Value: JSON.stringify(content.site) },
    ]);
    await rebuildSearchIndex(tx);
    dropped = await collectImages(tx, imageAddresses(content));
    return commitRevision(tx, db.dialect, [...tags, ...dropped.map(imageTag)], cause);
  });
  if (dropped.length > 0) onImagesDropped?.(dropped);
  return revision;
}

/** A few deals and articles to write in place (a service hook's), and the descriptions they use. */
export interface ItemChanges {
  deals: { removed: readonly string[]; written: readonly Deal[] };
  articles: { removed: readonly string[]; written: readonly Article[] };
  /** Description HTML by key; null removes the key. */
  descriptions: Readonly<Record<string, string | null>>;
  /** The firm's people, offices and alerts, when a hook changed them. */
  firm?: FirmChanges;
}

/**
 * The firm's people, offices and alerts after a write, whole (they are few, and cheap to write
 * again), with the people it added, changed or removed: only their search documents are
 * written again, and the removed ones leave the deals' teams.
 */
export interface FirmChanges {
  content: Pick<ContentFile, "people" | "offices" | "alerts">;
  people: { changed: readonly string[]; removed: readonly string[] };
}

/** Writes the firm's people, offices and alerts again, and takes the removed people off teams. */
async function writeFirm(tx: Kysely<Database>, { content, people }: FirmChanges) {
  for (const table of ["person_industries", "people", "offices", "alerts"] as const)
    await tx.deleteFrom(table).execute();
  const firm = peopleRows(content);
  await insertBatches(tx, "people", firm.people);
  await insertBatches(tx, "person_industries", firm.industries);
  await insertBatches(tx, "offices", firm.offices);
  await insertBatches(tx, "alerts", firm.alerts);
  await tx.deleteFrom("transaction_team").where(among("PersonId", people.removed)).execute();
}

/**
 * Writes a few deals and articles in place, in one transaction, only if the content is still at
 * `ifRevision`: the removed and rewritten ones go, the written ones come (each at its place in
 * the list, a new one last), their documents in the search index (the others' stay), and the
 * revision as replaceContent does. So do the firm's people, offices and alerts, when given.
 * The caller validated them as a sync validates its content. Given `images.dropped`, those
 * addresses go, and the images no address names any more, as replaceContent drops them.
 */
export async function writeItems(
  db: Db,
  changes: ItemChanges,
  {
    ifRevision,
    tags,
    images,
    onImagesDropped,
    cause,
  }: Pick<ReplaceOptions, "onImagesDropped"> & {
    ifRevision: number;
    tags: readonly string[];
    /**
     * The image addresses the written items refer to (`shown`), and those they stopped referring
     * to that nothing else refers to either (`dropped`): src/sync/item-images.ts.
     */
    images?: { shown: readonly string[]; dropped: readonly string[] };
    cause?: Cause;
  },
): Promise<number> {
  let dropped: string[] = [];
  const revision = await writeTransaction(db, async (tx) => {
    await checkRevision(tx, db.dialect, ifRevision);
    const sets = [
      ["transactions", "transaction_industries", "TransactionId", changes.deals],
      ["articles", "article_tags", "ArticleId", changes.articles],
    ] as const;
    const placed: { transactions: Placed<Deal>[]; articles: Placed<Article>[] } = {
      transactions: [],
      articles: [],
    };
    for (const [table, links, owner, { removed, written }] of sets) {
      const ids = [...removed, ...written.map((item) => item.Id)];
      if (ids.length === 0) continue;
      const held = await tx
        .selectFrom(table)
        .select(["Id", "Position"])
        .where("Id", "in", ids)
        .execute();
      const place = new Map(held.map((row) => [row.Id.toLowerCase(), row.Position]));
      const last = await tx
        .selectFrom(table)
        .select((eb) => eb.fn.max<number>("Position").as("n"))
        .executeTakeFirst();
      let next = Number(last?.n ?? -1) + 1;
      await tx.deleteFrom(links).where(owner, "in", ids).execute();
      if (table === "transactions")
        await tx.deleteFrom("transaction_team").where("TransactionId", "in", ids).execute();
      await tx.deleteFrom(table).where("Id", "in", ids).execute();
      const rows = written.map((item) => ({
        ...stamped(item),
        Position: place.get(item.Id.toLowerCase()) ?? next++,
      }));
      if (table === "transactions") placed.transactions = rows as Placed<Deal>[];
      else placed.articles = rows as Placed<Article>[];
    }
    await insertBatches(tx, "transactions", placed.transactions.map(dealRow));
    await insertBatches(
      tx,
      "transaction_industries",
      taxonLinks("TransactionId", placed.transactions, (t) => t.industries),
    );
    await insertBatches(tx, "transaction_team", teamLinks(placed.transactions));
    await insertBatches(tx, "articles", placed.articles.map(articleRow));
    await insertBatches(
      tx,
      "article_tags",
      taxonLinks("ArticleId", placed.articles, (a) => a.Tags),
    );
    for (const [Key, Html] of Object.entries(changes.descriptions)) {
      await tx.deleteFrom("descriptions").where("Key", "=", Key).execute();
      if (Html !== null) await tx.insertInto("descriptions").values({ Key, Html }).execute();
    }
    const ids = (set: ItemChanges["deals"] | ItemChanges["articles"]) => [
      ...set.removed,
      ...set.written.map((item) => item.Id),
    ];
    if (changes.firm) await writeFirm(tx, changes.firm);
    await updateSearchIndex(tx, {
      deals: ids(changes.deals),
      articles: ids(changes.articles),
      people: [...(changes.firm?.people.changed ?? []), ...(changes.firm?.people.removed ?? [])],
    });
    if (images) {
      await markReferenced(tx, images.shown);
      if (images.dropped.length > 0) dropped = await dropAddresses(tx, images.dropped);
    }
    return commitRevision(tx, db.dialect, [...tags, ...dropped.map(imageTag)], cause);
  });
  if (dropped.length > 0) onImagesDropped?.(dropped);
  return revision;
}

/**
 * Ends a content write: moves the revision on, records the cache tags it touched, and (on
 * PostgreSQL) notifies every listening instance, which hears it when and only if the
 * transaction commits. With a `cause`, the change goes into the site's record too: content_changes
 * forgets old revisions, the record never does, and a capture owed survives a restart.
 */
export async function commitRevision(
  tx: Kysely<Database>,
  dialect: Db["dialect"],
  tags: readonly string[],
  cause?: Cause,
): Promise<number> {
  const revision = await bumpRevision(tx);
  const ChangedAt = new Date().toISOString();
  await tx
    .insertInto("content_changes")
    .values({ Revision: revision, Tags: JSON.stringify(tags), ChangedAt })
    .execute();
  if (cause !== undefined)
    await appendInTransaction(tx, dialect, [
      entry("change", ChangedAt, {
        Revision: revision,
        Detail: canonicalJson({ cause, tags: [...tags].sort() }),
      }),
    ]);
  await tx
    .deleteFrom("content_changes")
    .where("Revision", "<=", revision - CHANGES_KEPT)
    .execute();
  if (dialect === "postgres")
    await sql`SELECT pg_notify(${CONTENT_CHANNEL}, ${String(revision)})`.execute(tx);
  return revision;
}

/**
 * The cache tags touched by the writes after revision `from` up to `to`, or [ALL] when any of
 * them is not on record (written before tags were, or pruned): then everything may have changed.
 */
export async function changedTags(db: Db, from: number, to: number): Promise<string[]> {
  const rows = await db.kysely
    .selectFrom("content_changes")
    .select(["Revision", "Tags"])
    .where("Revision", ">", from)
    .where("Revision", "<=", to)
    .execute();
  if (from < 0 || rows.length !== to - from) return [ALL];
  const tags = new Set<string>();
  for (const row of rows) for (const tag of JSON.parse(row.Tags) as string[]) tags.add(tag);
  return [...tags];
}

/**
 * Fails unless the content is at `expected`, or moved on since only by renditions (an image's
 * resized copies, stored as a change of their own: they change no content, so a write worked out
 * from `expected` is still right, and a sync is not failed by the images an earlier write held).
 * On PostgreSQL the row stays locked until commit.
 */
async function checkRevision(tx: Kysely<Database>, dialect: Db["dialect"], expected: number) {
  const query = tx.selectFrom("content_meta").select("Revision").where("Id", "=", 1);
  const row = await (dialect === "postgres" ? query.forUpdate() : query).executeTakeFirst();
  const revision = row?.Revision ?? 0;
  if (revision === expected) return;
  if (revision > expected && (await isRenditionsOnly(tx, expected, revision))) return;
  throw new ContentChangedError(
    `the content changed while this ran (revision ${expected}, now ${revision}): run it again`,
  );
}

/** Whether every change after revision `from` up to `to` is on record and stored renditions only. */
async function isRenditionsOnly(tx: Kysely<Database>, from: number, to: number) {
  const rows = await tx
    .selectFrom("content_changes")
    .select("Tags")
    .where("Revision", ">", from)
    .where("Revision", "<=", to)
    .execute();
  return (
    rows.length === to - from &&
    rows.every((row) => isRenditionsChange(JSON.parse(row.Tags) as readonly string[]))
  );
}

async function deleteAll(tx: Kysely<Database>) {
  for (const table of [
    "transaction_team",
    "person_industries",
    "people",
    "offices",
    "alerts",
    "article_tags",
    "articles",
    "transaction_industries",
    "transactions",
    "descriptions",
    "hierarchy_taxa",
    "flat_taxa",
    "taxonomies",
    "site_settings",
  ] as const) {
    await tx.deleteFrom(table).execute();
  }
}

async function insertBatches<T extends keyof Database>(
  tx: Kysely<Database>,
  table: T,
  rows: readonly Insertable<Database[T]>[],
) {
  if (rows.length === 0) return;
  for (let i = 0; i < rows.length; i += BATCH) {
    // Kysely cannot relate a generic table name to its row type; the parameter type checks callers.
    const batch = rows.slice(i, i + BATCH) as never;
    await tx.insertInto(table).values(batch).execute();
  }
}

async function bumpRevision(tx: Kysely<Database>): Promise<number> {
  const UpdatedAt = new Date().toISOString();
  // One statement that reads and moves it: on PostgreSQL a write that began while another held
  // the row waits for its commit and then counts on from it, where a revision read first and
  // written after was the other's too (its change then failed on content_changes' key).
  const moved = await tx
    .updateTable("content_meta")
    .set((eb) => ({ Revision: eb("Revision", "+", 1), UpdatedAt }))
    .where("Id", "=", 1)
    .returning("Revision")
    .executeTakeFirst();
  if (moved) return moved.Revision;
  await tx.insertInto("content_meta").values({ Id: 1, Revision: 1, UpdatedAt }).execute();
  return 1;
}

/** The content revision, 0 when nothing was ever imported. */
export async function contentRevision(db: Db): Promise<number> {
  const row = await db.kysely
    .selectFrom("content_meta")
    .select("Revision")
    .where("Id", "=", 1)
    .executeTakeFirst();
  return row?.Revision ?? 0;
}

/**
 * Reads every entity back in import order, in the content file's shape; with `held`, only the
 * deals and articles it names (held-items.ts), with their descriptions and taxa links.
 */
export async function readContent(db: Db, held?: HeldItems): Promise<ContentFile> {
  const k = db.kysely;
  // The held deals and articles first, then their links and descriptions by their Ids and keys.
  const [heldDealRows, heldArticleRows] = held
    ? await Promise.all([
        k
          .selectFrom("transactions")
          .selectAll()
          .where(heldDeals(held))
          .orderBy("Position")
          .execute(),
        k
          .selectFrom("articles")
          .selectAll()
          .where(heldArticles(held))
          .orderBy("Position")
          .execute(),
      ])
    : [];
  const dealIds = heldDealRows?.map((deal) => deal.Id) ?? [];
  const articleIds = heldArticleRows?.map((article) => article.Id) ?? [];
  const [
    taxonomies,
    flatTaxa,
    hierarchyTaxa,
    transactions,
    industries,
    descriptions,
    articles,
    tags,
    site,
    team,
    people,
    personIndustries,
    offices,
    alerts,
  ] = await Promise.all([
    k.selectFrom("taxonomies").selectAll().orderBy("Position").execute(),
    k.selectFrom("flat_taxa").selectAll().orderBy("Position").execute(),
    k.selectFrom("hierarchy_taxa").selectAll().orderBy("Position").execute(),
    heldDealRows ?? k.selectFrom("transactions").selectAll().orderBy("Position").execute(),
    k
      .selectFrom("transaction_industries")
      .selectAll()
      .$if(held !== undefined, (q) => q.where(among("TransactionId", dealIds)))
      .orderBy("TransactionId")
      .orderBy("Position")
      .execute(),
    k
      .selectFrom("descriptions")
      .selectAll()
      .$if(held !== undefined, (q) =>
        q.where(among("Key", [...new Set(heldDealRows?.map((deal) => deal.Description))])),
      )
      .orderBy("Key")
      .execute(),
    heldArticleRows ?? k.selectFrom("articles").selectAll().orderBy("Position").execute(),
    k
      .selectFrom("article_tags")
      .selectAll()
      .$if(held !== undefined, (q) => q.where(among("ArticleId", articleIds)))
      .orderBy("ArticleId")
      .orderBy("Position")
      .execute(),
    k.selectFrom("site_settings").select("Value").where("Key", "=", "site").executeTakeFirst(),
    k
      .selectFrom("transaction_team")
      .select(["TransactionId", "PersonId as TaxonId"])
      .$if(held !== undefined, (q) => q.where(among("TransactionId", dealIds)))
      .orderBy("TransactionId")
      .orderBy("Position")
      .execute(),
    k.selectFrom("people").selectAll().orderBy("Position").execute(),
    k.selectFrom("person_industries").selectAll().orderBy("PersonId").orderBy("Position").execute(),
    k.selectFrom("offices").selectAll().orderBy("Position").execute(),
    k.selectFrom("alerts").selectAll().orderBy("Position").execute(),
  ]);
  const industriesOf = groupIds(industries, (r) => r.TransactionId);
  const tagsOf = groupIds(tags, (r) => r.ArticleId);
  const teamOf = groupIds(team, (r) => r.TransactionId);
  const coveredBy = groupIds(personIndustries, (r) => r.PersonId);
  return {
    taxonomies: withApiDates(
      taxonomies.map(({ Position: _p, ...t }) => ({ ...t, Type: t.Type === 1 ? 1 : 0 })),
      "LastModified",
    ),
    hierarchyTaxa: withApiDates(
      hierarchyTaxa.map(({ Position: _p, ...t }) => t),
      "LastModified",
    ),
    flatTaxa: withApiDates(
      flatTaxa.map(({ Position: _p, ...t }) => t),
      "LastModified",
    ),
    transactions: withApiDates(
      transactions.map(({ Position: _p, Counterparty, Service, ...t }) => ({
        ...t,
        // Left out when not recorded, so a file without them exports as it was.
        ...(Counterparty === null ? {} : { Counterparty }),
        ...(Service === null ? {} : { Service }),
        industries: industriesOf.get(t.Id) ?? [],
        ...(teamOf.has(t.Id) ? { DealTeam: teamOf.get(t.Id)! } : {}),
      })),
      "LastModified",
      "Date",
    ),
    descriptions: Object.fromEntries(descriptions.map((d) => [d.Key, d.Html])),
    articles: withApiDates(
      articles.map(({ Position: _p, ...a }) => ({ ...a, Tags: tagsOf.get(a.Id) ?? [] })),
      "LastModified",
      "PublicationDate",
    ),
    people: withApiDates(
      people.map(({ Position: _p, Photo, PreviousUrlNames, ...p }) => ({
        ...withoutNulls(p, ["FirstName", "LastName", "JobTitle", "Email", "Phone"]),
        Industries: coveredBy.get(p.Id) ?? [],
        Photo: Photo === null ? null : (JSON.parse(Photo) as Person["Photo"]),
        Ordinal: p.Ordinal === null ? null : Number(p.Ordinal),
        ...(PreviousUrlNames === null
          ? {}
          : { PreviousUrlNames: JSON.parse(PreviousUrlNames) as string[] }),
      })),
      "LastModified",
    ),
    offices: withApiDates(
      offices.map(({ Position: _p, ...o }) => ({
        ...withoutNulls(o, ["Phone", "Email"]),
        Ordinal: o.Ordinal === null ? null : Number(o.Ordinal),
      })),
      "LastModified",
    ),
    alerts: withApiDates(
      alerts.map(({ Position: _p, ...a }) => withoutNulls(a, ["LinkTitle", "LinkUrl"])),
      "LastModified",
      "PublicationDate",
    ),
    site: site ? (JSON.parse(site.Value) as Site) : emptySite(),
  };
}

/** A row with the named nullable columns left out where null: the content file omits them. */
function withoutNulls<T extends object, K extends keyof T>(
  row: T,
  keys: readonly K[],
): Omit<T, K> & { [P in K]?: NonNullable<T[P]> } {
  const copy = { ...row } as Record<string, unknown>;
  for (const key of keys) if (copy[key as string] === null) delete copy[key as string];
  return copy as Omit<T, K> & { [P in K]?: NonNullable<T[P]> };
}

function groupIds<T extends { TaxonId: string }>(
  rows: T[],
  key: (row: T) => string,
): Map<string, string[]> {
  const map = new Map<string, string[]>();
  for (const row of rows) {
    const k = key(row);
    const list = map.get(k);
    if (list) list.push(row.TaxonId);
    else map.set(k, [row.TaxonId]);
  }
  return map;
}

function emptySite(): Site {
  return {
    firmName: "",
    tagline: "",
    description: "",
    navigation: [],
    utilityLinks: [],
    pages: [],
  };
}
