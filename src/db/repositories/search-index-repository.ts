import type { Kysely } from "kysely";
import {
  buildSearchIndex,
  indexDocument,
  storedWords,
  type IndexedDocument,
  type IndexedWord,
  type IndexStats,
} from "../../search/build-index.ts";
import { updatedWords } from "../../search/update-index.ts";
import type { Database } from "../schema.ts";
import { articleSources, dealSources, readSearchSources } from "./search-sources.ts";

/**
 * The version of the index rules (words, weights, fields). Raise it when they change: every
 * database then rebuilds its index at the next start (ensureSearchIndex), not only at an import.
 */
export const SEARCH_INDEX_VERSION = 4;

/** Rows per insert: words carry their postings, so fewer of them go at once. */
const BATCH = { search_documents: 400, search_words: 100 } as const;
/** Values per `IN (…)` list, well within both databases' limits on bound parameters. */
const IN_LIST = 500;

/** Rebuilds the whole search index from the stored content (inside the caller's transaction). */
export async function rebuildSearchIndex(k: Kysely<Database>): Promise<void> {
  const { documents, words, stats } = buildSearchIndex(await readSearchSources(k));
  for (const table of ["search_words", "search_documents"] as const)
    await k.deleteFrom(table).execute();
  await insertRows(k, documents, words);
  await k.deleteFrom("search_meta").execute();
  await k
    .insertInto("search_meta")
    .values({ Id: 1, Version: SEARCH_INDEX_VERSION, Stats: JSON.stringify(stats) })
    .execute();
}

/** Which deals and articles changed, by Id: added, changed or removed. */
export interface ChangedItems {
  readonly deals: readonly string[];
  readonly articles: readonly string[];
}

/**
 * Indexes again the deals and articles named by Id (added, changed or removed), from their rows as
 * they are now, inside the caller's transaction: their old documents go, their new ones come, and
 * only the words either holds are written. Pages, topics and industries depend on taxa and site
 * settings: a change to those needs `rebuildSearchIndex`. An index built by other rules is built
 * again whole.
 */
export async function updateSearchIndex(k: Kysely<Database>, changed: ChangedItems): Promise<void> {
  const meta = await k.selectFrom("search_meta").select(["Version", "Stats"]).executeTakeFirst();
  if (meta?.Version !== SEARCH_INDEX_VERSION) return rebuildSearchIndex(k);
  const stats = JSON.parse(meta.Stats) as IndexStats;
  const [dealRefs, articleRefs] = await Promise.all([
    refsOf(k, "transactions", changed.deals),
    refsOf(k, "articles", changed.articles),
  ]);
  const old = await oldDocuments(k, dealRefs, articleRefs);
  // A document is made again for each item now at a changed item's address or at an old one's,
  // so that an item renamed to another's old UrlName is not left out.
  const refs = (kind: string, now: string[]) => [
    ...new Set([...now, ...old.filter((d) => d.Kind === kind).map((d) => d.Ref)]),
  ];
  const [deals, articles, last] = await Promise.all([
    inLists(refs("deal", dealRefs), (list) => dealSources(k, list)),
    inLists(refs("article", articleRefs), (list) => articleSources(k, list)),
    k
      .selectFrom("search_documents")
      .select((eb) => eb.fn.max("Id").as("Id"))
      .executeTakeFirst(),
  ]);
  let id = Number(last?.Id ?? 0);
  const added = [...deals, ...articles].map((source) => indexDocument(source, ++id, stats));
  const words = new Set([
    ...old.flatMap((d) => [...storedWords(d)]),
    ...added.flatMap((a) => [...a.words.keys()]),
  ]);
  const stored = await inLists([...words], (list) =>
    k.selectFrom("search_words").selectAll().where("Word", "in", list).execute(),
  );
  const { rows, emptied } = updatedWords(stored, new Set(old.map((d) => d.Id)), added);
  await eachList(
    old.map((d) => d.Id),
    (list) => k.deleteFrom("search_documents").where("Id", "in", list).execute(),
  );
  await eachList([...rows.map((r) => r.Word), ...emptied], (list) =>
    k.deleteFrom("search_words").where("Word", "in", list).execute(),
  );
  await insertRows(
    k,
    added.map((a) => a.document),
    rows,
  );
}

/** The version that built the stored index; 0 when none did. */
export async function storedSearchIndexVersion(k: Kysely<Database>): Promise<number> {
  const row = await k.selectFrom("search_meta").select("Version").executeTakeFirst();
  return row?.Version ?? 0;
}

/** The UrlNames that the items with these Ids have now (a removed item has none). */
async function refsOf(
  k: Kysely<Database>,
  table: "transactions" | "articles",
  ids: readonly string[],
): Promise<string[]> {
  const rows = await inLists([...new Set(ids)], (list) =>
    k.selectFrom(table).select("UrlName").where("Id", "in", list).execute(),
  );
  return rows.map((r) => r.UrlName);
}

/**
 * The stored documents of deals and articles at these UrlNames, and of any deal or article no
 * item holds any more (removed, or renamed: its old UrlName is known only to its document).
 */
async function oldDocuments(k: Kysely<Database>, dealRefs: string[], articleRefs: string[]) {
  const columns = ["Id", "Kind", "Ref", "Title", "Keywords", "Body"] as const;
  const atRefs = (kind: "deal" | "article", refs: string[]) =>
    inLists(refs, (list) =>
      k
        .selectFrom("search_documents")
        .select(columns)
        .where("Kind", "=", kind)
        .where("Ref", "in", list)
        .execute(),
    );
  const [deals, articles, orphans] = await Promise.all([
    atRefs("deal", dealRefs),
    atRefs("article", articleRefs),
    k
      .selectFrom("search_documents as d")
      .select(columns.map((c) => `d.${c}` as const))
      .where((eb) =>
        eb.or([
          eb.and([
            eb("d.Kind", "=", "deal"),
            eb.not(
              eb.exists(
                eb
                  .selectFrom("transactions as t")
                  .select("t.Id")
                  .whereRef("t.UrlName", "=", "d.Ref"),
              ),
            ),
          ]),
          eb.and([
            eb("d.Kind", "=", "article"),
            eb.not(
              eb.exists(
                eb.selectFrom("articles as a").select("a.Id").whereRef("a.UrlName", "=", "d.Ref"),
              ),
            ),
          ]),
        ]),
      )
      .execute(),
  ]);
  const byId = new Map(
    [...deals, ...articles, ...orphans].map((d) => [Number(d.Id), { ...d, Id: Number(d.Id) }]),
  );
  return [...byId.values()];
}

/** `run` over `values` in lists short enough to bind, the rows found joined. */
async function inLists<T, R>(values: readonly T[], run: (list: T[]) => Promise<R[]>): Promise<R[]> {
  const out: R[] = [];
  for (let i = 0; i < values.length; i += IN_LIST)
    out.push(...(await run(values.slice(i, i + IN_LIST))));
  return out;
}

/** `run` (a write) over `values` in lists short enough to bind. */
async function eachList<T>(
  values: readonly T[],
  run: (list: T[]) => Promise<unknown>,
): Promise<void> {
  for (let i = 0; i < values.length; i += IN_LIST) await run(values.slice(i, i + IN_LIST));
}

async function insertRows(
  k: Kysely<Database>,
  documents: readonly IndexedDocument[],
  words: readonly IndexedWord[],
): Promise<void> {
  for (const [table, rows] of [
    ["search_documents", documents],
    ["search_words", words],
  ] as const) {
    const size = BATCH[table];
    for (let i = 0; i < rows.length; i += size) {
      await k
        .insertInto(table)
        .values(rows.slice(i, i + size) as never)
        .execute();
    }
  }
}
