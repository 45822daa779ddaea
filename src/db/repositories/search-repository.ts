import { sql, type RawBuilder } from "kysely";
import type { Db } from "../connect.ts";
import { apiDateTime } from "../../rules/date-time.ts";
import { markedSnippet, markWords } from "../../rules/search-marks.ts";
import {
  buildVocabulary,
  correctedQuery,
  expandQuery,
  type Expansion,
  type Vocabulary,
} from "../../rules/search-expand.ts";
import type { SearchKind } from "../../rules/search-index.ts";
import { parseQuery, type SearchQuery } from "../../rules/search-query.ts";

export type { SearchKind } from "../../rules/search-index.ts";

/** Every kind, in the order the search page lists them. */
export const SEARCH_KINDS: readonly SearchKind[] = ["deal", "topic", "article", "page"];

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
  /** When nothing matched: a spelling that finds something, else null. */
  correction: string | null;
}

/** A suggestion as the search bar lists it. Title marks the matched words. */
export interface Suggestion {
  kind: Exclude<SearchKind, "page">;
  ref: string;
  title: string;
  date: string | null;
}

// How a document's score grows when its title is the query (a navigational search), begins with
// it, or holds it as a phrase.
const TITLE_IS_QUERY = 3;
const TITLE_BEGINS = 2;
const TITLE_HOLDS = 1.4;

/**
 * Results rank in tiers of relevance, each about 12% of the best score wide (8 per factor e),
 * and by recency within a tier, as Algolia ranks by its criteria and then by a custom ranking:
 * among deals that match about equally well, the latest comes first.
 */
const tierOrder = (score: RawBuilder<number>, best: RawBuilder<number>) =>
  sql`ceil(ln(${score} / ${best}) * 8) DESC, d."Prior" DESC, d."Id"`;

const noCounts = (): Record<SearchKind, number> => ({ deal: 0, topic: 0, article: 0, page: 0 });

/**
 * The site search over deals, topics, articles and pages. Each query word is expanded in
 * TypeScript over the stored words (same stem, prefix, typos: src/rules/search-expand.ts); the
 * database then adds up the precomputed weights. The stored words are read once and kept until
 * `forget()` (called when an import changed the content).
 */
export function searchRepository(db: Db) {
  let vocabulary: Promise<Vocabulary> | null = null;
  const words = () => (vocabulary ??= loadVocabulary(db));

  async function run(
    query: SearchQuery,
    kinds: readonly SearchKind[],
    offset: number,
    limit: number,
  ): Promise<Omit<SearchResult, "correction">> {
    const groups = expandQuery(await words(), query);
    if (groups.length === 0 || groups.some((g) => g.length === 0))
      return { hits: [], total: 0, counts: noCounts() };
    const rows = await sql<ResultRow>`
      WITH ${matchedDocuments(groups.flat(), groups.length, "Weight")},
      scored AS (
        SELECT d."Id", d."Kind", d."Prior", m."S" * ${titleBonus(query.key)} AS "Score"
        FROM matched m JOIN search_documents d ON d."Id" = m."DocId"
      ),
      counted AS (
        SELECT "Id", "Kind", "Score", "Prior", max("Score") OVER () AS "Best",
          sum(CASE WHEN "Kind" = 'deal' THEN 1 ELSE 0 END) OVER () AS "Deals",
          sum(CASE WHEN "Kind" = 'topic' THEN 1 ELSE 0 END) OVER () AS "Topics",
          sum(CASE WHEN "Kind" = 'article' THEN 1 ELSE 0 END) OVER () AS "Articles",
          sum(CASE WHEN "Kind" = 'page' THEN 1 ELSE 0 END) OVER () AS "Pages"
        FROM scored
      ),
      page AS (
        SELECT * FROM counted d WHERE "Kind" IN (${sql.join(kinds)})
        ORDER BY ${tierOrder(sql`d."Score"`, sql`d."Best"`)} LIMIT ${Math.max(limit, 1)} OFFSET ${offset}
      )
      SELECT d.*, s."Ref", s."Title", s."Body", s."Date", s."Size"
      FROM page d JOIN search_documents s ON s."Id" = d."Id"
      ORDER BY ${tierOrder(sql`d."Score"`, sql`d."Best"`)}`.execute(db.kysely);
    const first = rows.rows[0];
    // A page past the end has no rows to carry the counts: the first row of the first page has.
    if (!first) {
      if (offset === 0) return { hits: [], total: 0, counts: noCounts() };
      return { ...(await run(query, kinds, 0, 1)), hits: [] };
    }
    const counts: Record<SearchKind, number> = {
      deal: Number(first.Deals),
      topic: Number(first.Topics),
      article: Number(first.Articles),
      page: Number(first.Pages),
    };
    const matched = new Set(groups.flat().map((e) => e.word));
    return {
      counts,
      total: kinds.reduce((n, kind) => n + counts[kind], 0),
      hits: rows.rows.slice(0, limit).map((r) => ({
        kind: r.Kind,
        ref: r.Ref,
        title: markWords(r.Title, matched),
        snippet: markedSnippet(r.Body, matched),
        date: r.Date === null ? null : apiDateTime(r.Date),
        size: r.Size === null ? null : Number(r.Size),
      })),
    };
  }

  return {
    /** Best match first across the kinds asked for; counts for every kind; an empty query finds nothing. */
    async search(
      text: string,
      {
        kinds = SEARCH_KINDS,
        offset = 0,
        limit = 10,
      }: { kinds?: readonly SearchKind[]; offset?: number; limit?: number } = {},
    ): Promise<SearchResult> {
      const query = parseQuery(text);
      if (query.words.length === 0 || kinds.length === 0)
        return { hits: [], total: 0, counts: noCounts(), correction: null };
      const result = await run(query, kinds, offset, limit);
      if (Object.values(result.counts).some((n) => n > 0)) return { ...result, correction: null };
      return { ...result, correction: await correction(query) };
    },

    /** Up to `limit` deals, topics and articles whose titles match, best first. */
    async suggest(text: string, limit = 6): Promise<Suggestion[]> {
      const query = parseQuery(text);
      if (query.words.length === 0) return [];
      const groups = expandQuery(await words(), query, { titles: true });
      if (groups.some((g) => g.length === 0)) return [];
      const rows = await sql<SuggestionRow>`
        WITH ${matchedDocuments(groups.flat(), groups.length, "TitleWeight")},
        scored AS (
          SELECT d."Id", d."Kind", d."Ref", d."Title", d."Date", d."Prior",
            m."S" * ${titleBonus(query.key)} AS "Score"
          FROM matched m JOIN search_documents d ON d."Id" = m."DocId"
          WHERE d."Kind" IN ('deal', 'topic', 'article')
        )
        SELECT d.* FROM (SELECT *, max("Score") OVER () AS "Best" FROM scored) d
        ORDER BY ${tierOrder(sql`d."Score"`, sql`d."Best"`)}
        LIMIT ${limit}`.execute(db.kysely);
      const matched = new Set(groups.flat().map((e) => e.word));
      return rows.rows.map((r) => ({
        kind: r.Kind,
        ref: r.Ref,
        title: markWords(r.Title, matched),
        date: r.Date === null ? null : apiDateTime(r.Date),
      }));
    },

    /** Drops the stored words read so far (the content changed). */
    forget(): void {
      vocabulary = null;
    },
  };

  /** A spelling of `query` that finds something, or null. */
  async function correction(query: SearchQuery): Promise<string | null> {
    const corrected = correctedQuery(await words(), query);
    if (corrected === null) return null;
    const found = await run(parseQuery(corrected), SEARCH_KINDS, 0, 1);
    return found.total > 0 ? corrected : null;
  }
}

export type SearchRepository = ReturnType<typeof searchRepository>;

/**
 * The CTE `matched ("DocId", "S")`: documents that hold, for each of `groups` query words, one of
 * its expansions, with the sum over query words of the best expansion's weight times the stored
 * weight (`Weight` for the search, `TitleWeight` for suggestions). Every value is bound.
 */
function matchedDocuments(
  expansions: readonly Expansion[],
  groups: number,
  column: "Weight" | "TitleWeight",
): RawBuilder<unknown> {
  // Typed in every row: PostgreSQL reads untyped parameters in VALUES as text.
  const values = sql.join(
    expansions.map(
      (e) =>
        sql`(CAST(${e.word} AS text), CAST(${e.group} AS integer), CAST(${e.weight} AS double precision))`,
    ),
  );
  const weight = sql.ref(`p.${column}`);
  return sql`q ("Word", "Grp", "Factor") AS (VALUES ${values}),
    hits AS (
      SELECT p."DocId" AS "DocId", q."Grp" AS "Grp", max(q."Factor" * ${weight}) AS "S"
      FROM q JOIN search_postings p ON p."Word" = q."Word"
      WHERE ${weight} > 0
      GROUP BY p."DocId", q."Grp"
    ),
    matched AS (
      SELECT "DocId", sum("S") AS "S" FROM hits GROUP BY "DocId" HAVING count(*) = ${groups}
    )`;
}

/** The factor for a title that is, begins with, or holds the query's words (bound as LIKE patterns). */
function titleBonus(key: string): RawBuilder<number> {
  // The key holds only folded letters, digits and single spaces: no LIKE wildcard can be in it.
  return sql<number>`(CASE
    WHEN d."TitleKey" = ${key} THEN ${sql.lit(TITLE_IS_QUERY)}
    WHEN d."TitleKey" LIKE ${`${key}%`} THEN ${sql.lit(TITLE_BEGINS)}
    WHEN (' ' || d."TitleKey" || ' ') LIKE ${`% ${key} %`} THEN ${sql.lit(TITLE_HOLDS)}
    ELSE 1 END)`;
}

async function loadVocabulary(db: Db): Promise<Vocabulary> {
  const [rows, count] = await Promise.all([
    db.kysely.selectFrom("search_words").select(["Word", "Docs", "TitleDocs"]).execute(),
    db.kysely
      .selectFrom("search_documents")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow(),
  ]);
  return buildVocabulary(
    rows.map((r) => ({ word: r.Word, docs: r.Docs, titleDocs: r.TitleDocs })),
    Number(count.n),
  );
}

interface ResultRow {
  Id: number;
  Kind: SearchKind;
  Score: number;
  Deals: number | string;
  Topics: number | string;
  Articles: number | string;
  Pages: number | string;
  Ref: string;
  Title: string;
  Body: string;
  Date: string | null;
  Size: number | null;
}

interface SuggestionRow {
  Kind: Suggestion["kind"];
  Ref: string;
  Title: string;
  Date: string | null;
}
