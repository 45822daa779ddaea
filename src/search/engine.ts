// The site search: query -> expansion -> lookup -> rank -> marks (README.md), over a store of the
// index that it is given.
import { apiDateTime } from "../rules/date-time.ts";
import type { SearchKind } from "./build-index.ts";
import { appliedCorrection, correctedQuery, expandQuery } from "./expand.ts";
import { markedSnippet, markWords } from "./marks.ts";
import { parseQuery, type SearchQuery } from "./query.ts";
import {
  noCounts,
  SEARCH_KINDS,
  SUGGESTED_KINDS,
  type SearchResult,
  type Suggestion,
} from "./results.ts";
import { rankDocuments } from "./score.ts";
import {
  loadIndex,
  readDocuments,
  readPostings,
  type LoadedIndex,
  type SearchStore,
  type StoredDocument,
} from "./store.ts";

/** A query as typed, or as the caller already read it with `parseQuery`. */
type QueryInput = string | SearchQuery;
const read = (query: QueryInput) => (typeof query === "string" ? parseQuery(query) : query);

/**
 * The site search over deals, topics, articles and pages. Each query word is expanded over the
 * stored words (same stem, prefix, typos: expand.ts); the store hands over those words' postings
 * and, at the end, the page's documents; score.ts ranks. Both databases' stores answer the same
 * two lookups, so they give the same results. The stored words and the documents' facts are read
 * once and kept until `forget()` (the content changed), and so are the postings read (store.ts).
 */
export function createSearch(store: SearchStore) {
  let loaded: Promise<LoadedIndex> | null = null;
  const index = () => {
    loaded ??= loadIndex(store).catch((error: unknown) => {
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
    {
      titles = false,
      typos = true,
      first = Infinity,
    }: { titles?: boolean; typos?: boolean; first?: number } = {},
  ) {
    const loaded = await index();
    const { vocabulary, facts, memo } = loaded;
    const groups = expandQuery(vocabulary, query, { titles, typos, memo });
    if (groups.length === 0 || groups.some((g) => g.length === 0))
      return {
        loaded,
        order: [],
        total: 0,
        counts: noCounts(),
        matched: new Set<string>(),
        readAs: null,
      };
    const read = await readPostings(
      store,
      loaded,
      [...new Set(groups.flat().map((e) => e.word))],
      titles ? "titles" : "all",
    );
    const postings = (word: string) => read.get(word)!;
    const weighted = groups.map((group) =>
      group.map((e) => ({ weight: e.weight, postings: postings(e.word) })),
    );
    const words = groups.map((group) => new Set(group.map((e) => e.word)));
    const ranked = rankDocuments(facts, weighted, words, new Set(wanted), first);
    // Read a typo as a word the results shown hold, not one only other documents do. The set is
    // made only for a query with a corrected word, so that the others pay nothing for it.
    let shown: Uint8Array | undefined;
    const isShown = (word: string) => {
      if (shown === undefined) {
        shown = new Uint8Array(facts.kinds.length);
        for (const doc of ranked.matched) shown[doc] = 1;
      }
      return postings(word).docIds.some((doc) => shown![doc] === 1);
    };
    return {
      loaded,
      order: ranked.order,
      total: ranked.matched.length,
      counts: ranked.counts,
      matched: new Set(groups.flat().map((e) => e.word)),
      readAs: appliedCorrection(query, groups, isShown),
    };
  }

  /** A spelling of `query` that finds something, or null. */
  async function correction(query: SearchQuery): Promise<string | null> {
    const corrected = correctedQuery((await index()).vocabulary, query);
    if (corrected === null) return null;
    const { total } = await rank(parseQuery(corrected), SEARCH_KINDS, { first: 0 });
    return total > 0 ? corrected : null;
  }

  return {
    /**
     * Best match first across the kinds asked for; counts for every kind; an empty query finds
     * nothing. `exact` forgives no typo: the words as typed (their stems and, for an unfinished
     * last word, the words it begins, still match).
     */
    async search(
      input: QueryInput,
      {
        kinds = SEARCH_KINDS,
        offset = 0,
        limit = 10,
        exact = false,
      }: { kinds?: readonly SearchKind[]; offset?: number; limit?: number; exact?: boolean } = {},
    ): Promise<SearchResult> {
      const query = read(input);
      if (query.words.length === 0)
        return {
          hits: [],
          total: 0,
          counts: noCounts(),
          appliedCorrection: null,
          correction: null,
        };
      const { loaded, order, total, counts, matched, readAs } = await rank(query, kinds, {
        typos: !exact,
        first: offset + limit,
      });
      const rows = await readDocuments(store, loaded, order.slice(offset, offset + limit));
      const hits = rows.map((r) => ({
        ...shown(r, matched),
        snippet: markedSnippet(r.Body, matched),
      }));
      const isEmpty = Object.values(counts).every((n) => n === 0);
      return {
        hits,
        total,
        counts,
        appliedCorrection: isEmpty ? null : readAs,
        correction: isEmpty ? await correction(query) : null,
      };
    },

    /** Up to `limit` deals, industries, topics and articles whose titles match, best first. */
    async suggest(input: QueryInput, limit = 6): Promise<Suggestion[]> {
      const query = read(input);
      if (query.words.length === 0) return [];
      const { loaded, order, matched } = await rank(query, SUGGESTED_KINDS, {
        titles: true,
        first: limit,
      });
      const rows = await readDocuments(store, loaded, order.slice(0, limit));
      return rows.map((r) => ({ ...shown(r, matched), kind: r.Kind as Suggestion["kind"] }));
    },

    /** Drops what was read of the index (the content changed). */
    forget(): void {
      loaded = null;
    },
  };
}

/** The site search as the server holds it: one per instance. */
export type SiteSearch = ReturnType<typeof createSearch>;

/** A stored document as a result shows it, its title's matched words marked. */
const shown = (r: StoredDocument, matched: ReadonlySet<string>) => ({
  kind: r.Kind,
  ref: r.Ref,
  title: markWords(r.Title, matched),
  date: r.Date === null ? null : apiDateTime(r.Date),
  size: r.Size,
});
