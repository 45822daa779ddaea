import type { Db } from "../connect.ts";
import { apiDateTime } from "../../rules/date-time.ts";
import { markedSnippet, markWords } from "../../rules/search-marks.ts";
import {
  appliedCorrection,
  buildVocabulary,
  correctedQuery,
  expandQuery,
  type ExpansionMemo,
  type Vocabulary,
} from "../../rules/search-expand.ts";
import { decodePostings } from "../../rules/search-postings.ts";
import { KIND_ORDER, rankDocuments, type DocumentFacts } from "../../rules/search-score.ts";
import type { SearchKind } from "../../rules/search-index.ts";
import { parseQuery, type SearchQuery } from "../../rules/search-query.ts";

export type { SearchKind } from "../../rules/search-index.ts";

/** Every kind, in the order the search page lists them. */
export const SEARCH_KINDS: readonly SearchKind[] = ["deal", "industry", "topic", "article", "page"];

/** One result. Title and snippet mark the matched words with MARK_START/MARK_END. */
export interface SearchHit {
  kind: SearchKind;
  /** A deal's, topic's or article's UrlName; a page's path. */
  ref: string;
  title: string;
  snippet: string;
  /** A deal's close date or an article's publication date (the API's form); null otherwise. */
  date: string | null;
  /** A deal's size in $MM; null when undisclosed or not a deal. */
  size: number | null;
}

export interface SearchResult {
  hits: SearchHit[];
  /** Matches of the kinds asked for. */
  total: number;
  /** Matches of each kind, whatever kinds were asked for (the filter shows them). */
  counts: Record<SearchKind, number>;
  /**
   * When something matched but a word only through its typos: the words the results are for
   * (`keystone` for `keystnoe`), else null. Never with `exact`.
   */
  appliedCorrection: string | null;
  /** When nothing matched: a spelling to suggest that finds something, else null. */
  correction: string | null;
}

/** A suggestion as the search bar lists it. Title marks the matched words. */
export interface Suggestion {
  kind: Exclude<SearchKind, "page">;
  ref: string;
  title: string;
  date: string | null;
  size: number | null;
}

const noCounts = (): Record<SearchKind, number> => ({
  deal: 0,
  industry: 0,
  topic: 0,
  article: 0,
  page: 0,
});

/** What the search keeps of the index between queries: the stored words and each document's facts. */
interface LoadedIndex {
  vocabulary: Vocabulary;
  facts: DocumentFacts;
  /** Each query word's expansions, worked out once per loaded vocabulary. */
  memo: ExpansionMemo;
}

/**
 * The site search over deals, topics, articles and pages. Each query word is expanded over the
 * stored words (same stem, prefix, typos: src/rules/search-expand.ts); the database hands over
 * those words' postings and, at the end, the page's documents; src/rules/search-score.ts ranks.
 * Both engines run the same two lookups, so they give the same results. The stored words and
 * the documents' facts are read once and kept until `forget()` (an import changed the content).
 */
export function searchRepository(db: Db) {
  let loaded: Promise<LoadedIndex> | null = null;
  const index = () => {
    loaded ??= loadIndex(db).catch((error: unknown) => {
      loaded = null;
      throw error;
    });
    return loaded;
  };

  /**
   * The ranked documents of the `wanted` kinds, counts of every kind, and how the query was read
   * when a word was found only through its typos (none are forgiven with `typos: false`).
   */
  async function rank(
    query: SearchQuery,
    wanted: readonly SearchKind[],
    { titles = false, typos = true }: { titles?: boolean; typos?: boolean } = {},
  ) {
    const { vocabulary, facts, memo } = await index();
    const groups = expandQuery(vocabulary, query, { titles, typos, memo });
    if (groups.length === 0 || groups.some((g) => g.length === 0))
      return { order: [], counts: noCounts(), matched: new Set<string>(), readAs: null };
    const bytes = await postingsOf(
      db,
      groups.flat().map((e) => e.word),
      titles ? "TitlePostings" : "Postings",
    );
    const postings = (word: string) => decodePostings(bytes.get(word) ?? EMPTY);
    const weighted = groups.map((group) =>
      group.map((e) => ({ weight: e.weight, postings: postings(e.word) })),
    );
    const words = groups.map((group) => new Set(group.map((e) => e.word)));
    const ranked = rankDocuments(facts, weighted, words, new Set(wanted));
    // Read a typo as a word the results shown hold, not one only other documents do. The set is
    // made only for a query with a corrected word, so that the others pay nothing for it.
    let shown: Set<number> | undefined;
    const isShown = (word: string) => {
      shown ??= new Set(ranked.order);
      return postings(word).docIds.some((doc) => shown!.has(doc));
    };
    return {
      ...ranked,
      matched: new Set(groups.flat().map((e) => e.word)),
      readAs: appliedCorrection(query, groups, isShown),
    };
  }

  return {
    /**
     * Best match first across the kinds asked for; counts for every kind; an empty query finds
     * nothing. `exact` forgives no typo: the words as typed (their stems and, for an unfinished
     * last word, the words it begins, still match).
     */
    async search(
      text: string,
      {
        kinds = SEARCH_KINDS,
        offset = 0,
        limit = 10,
        exact = false,
      }: { kinds?: readonly SearchKind[]; offset?: number; limit?: number; exact?: boolean } = {},
    ): Promise<SearchResult> {
      const query = parseQuery(text);
      if (query.words.length === 0)
        return {
          hits: [],
          total: 0,
          counts: noCounts(),
          appliedCorrection: null,
          correction: null,
        };
      const { order, counts, matched, readAs } = await rank(query, kinds, { typos: !exact });
      const rows = await documentsByNumber(db, order.slice(offset, offset + limit));
      const hits = rows.map((r) => ({
        kind: r.Kind,
        ref: r.Ref,
        title: markWords(r.Title, matched),
        snippet: markedSnippet(r.Body, matched),
        date: r.Date === null ? null : apiDateTime(r.Date),
        size: r.Size === null ? null : Number(r.Size),
      }));
      const isEmpty = Object.values(counts).every((n) => n === 0);
      return {
        hits,
        total: order.length,
        counts,
        appliedCorrection: isEmpty ? null : readAs,
        correction: isEmpty ? await correction(query) : null,
      };
    },

    /** Up to `limit` deals, topics and articles whose titles match, best first. */
    async suggest(text: string, limit = 6): Promise<Suggestion[]> {
      const query = parseQuery(text);
      if (query.words.length === 0) return [];
      const { order, matched } = await rank(query, SUGGESTED_KINDS, { titles: true });
      const rows = await documentsByNumber(db, order.slice(0, limit));
      return rows.map((r) => ({
        kind: r.Kind as Suggestion["kind"],
        ref: r.Ref,
        title: markWords(r.Title, matched),
        date: r.Date === null ? null : apiDateTime(r.Date),
        size: r.Size === null ? null : Number(r.Size),
      }));
    },

    /** Drops what was read of the index (the content changed). */
    forget(): void {
      loaded = null;
    },
  };

  /** A spelling of `query` that finds something, or null. */
  async function correction(query: SearchQuery): Promise<string | null> {
    const corrected = correctedQuery((await index()).vocabulary, query);
    if (corrected === null) return null;
    const { order } = await rank(parseQuery(corrected), SEARCH_KINDS);
    return order.length > 0 ? corrected : null;
  }
}

const SUGGESTED_KINDS: readonly SearchKind[] = ["deal", "industry", "topic", "article"];
const EMPTY = new Uint8Array(0);

export type SearchRepository = ReturnType<typeof searchRepository>;

/** The packed postings of `words` (a bound list: every value is a parameter). */
async function postingsOf(
  db: Db,
  words: readonly string[],
  column: "Postings" | "TitlePostings",
): Promise<Map<string, Uint8Array>> {
  const rows = await db.kysely
    .selectFrom("search_words")
    .select(["Word", `${column} as Bytes`])
    .where("Word", "in", [...new Set(words)])
    .execute();
  return new Map(rows.map((r) => [r.Word, r.Bytes]));
}

/** The documents with these numbers, in the order given. */
async function documentsByNumber(db: Db, ids: readonly number[]) {
  if (ids.length === 0) return [];
  const rows = await db.kysely
    .selectFrom("search_documents")
    .select(["Id", "Kind", "Ref", "Title", "Body", "Date", "Size"])
    .where("Id", "in", ids)
    .execute();
  const byId = new Map(rows.map((r) => [Number(r.Id), r]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

async function loadIndex(db: Db): Promise<LoadedIndex> {
  const [words, documents] = await Promise.all([
    db.kysely.selectFrom("search_words").select(["Word", "Docs", "TitleDocs"]).execute(),
    db.kysely.selectFrom("search_documents").select(["Id", "Kind", "Prior", "TitleKey"]).execute(),
  ]);
  const n = documents.reduce((max, d) => Math.max(max, Number(d.Id)), 0) + 1;
  const facts = {
    kinds: new Uint8Array(n),
    priors: new Float64Array(n),
    titleWords: new Array<string[]>(n).fill([]),
  };
  for (const d of documents) {
    const id = Number(d.Id);
    facts.kinds[id] = Math.max(0, KIND_ORDER.indexOf(d.Kind));
    facts.priors[id] = Number(d.Prior);
    facts.titleWords[id] = d.TitleKey === "" ? [] : d.TitleKey.split(" ");
  }
  return {
    facts,
    memo: new Map(),
    vocabulary: buildVocabulary(
      words.map((r) => ({ word: r.Word, docs: r.Docs, titleDocs: r.TitleDocs })),
      documents.length,
    ),
  };
}
