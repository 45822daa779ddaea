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
import { articleSources, dealSources, personSources, readSearchSources } from "./search-sources.ts";

/**
 * The version of the index rules (words, weights, fields). Raise it when they change: every
 * database then rebuilds its index at the next start (ensureSearchIndex), not only at an import.
 */
export const SEARCH_INDEX_VERSION = 5;

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
  readonly people?: readonly string[];
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
  const [dealIds, articleIds] = [[...new Set(changed.deals)], [...new Set(changed.articles)]];
  const personIds = [...new Set(changed.people ?? [])];
  const [oldDeals, oldArticles, oldPeople, deals, articles, people, last] = await Promise.all([
    oldDocuments(k, "deal", dealIds),
    oldDocuments(k, "article", articleIds),
    oldDocuments(k, "person", personIds),
    inLists(dealIds, (list) => dealSources(k, list)),
    inLists(articleIds, (list) => articleSources(k, list)),
    inLists(personIds, (list) => personSources(k, list)),
    k
      .selectFrom("search_documents")
      .select((eb) => eb.fn.max("Id").as("Id"))
      .executeTakeFirst(),
  ]);
  const old = [...oldDeals, ...oldArticles, ...oldPeople];
  let id = Number(last?.Id ?? 0);
  const added = [...deals, ...articles, ...people].map((source) =>
    indexDocument(source, ++id, stats),
  );
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

/** The stored documents of these deals or articles, whatever their UrlName was then. */
async function oldDocuments(
  k: Kysely<Database>,
  kind: "deal" | "article" | "person",
  ids: string[],
) {
  const rows = await inLists(ids, (list) =>
    k
      .selectFrom("search_documents")
      .select(["Id", "Title", "Keywords", "Body"])
      .where("ItemId", "in", list)
      .where("Kind", "=", kind)
      .execute(),
  );
  return rows.map((d) => ({ ...d, Id: Number(d.Id) }));
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
