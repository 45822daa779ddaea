import { sql } from "kysely";
import type { Db } from "../connect.ts";
import { MARK_END, MARK_START } from "../../rules/search-marks.ts";
import { searchTerms } from "../../rules/search-query.ts";

/** One hit: an article (Ref is its UrlName) or a page (Ref is its path). Marked text uses MARK_START/MARK_END. */
export interface SearchHit {
  kind: "article" | "page";
  ref: string;
  title: string;
  snippet: string;
}

export function searchRepository(db: Db) {
  return {
    /** Full-text search, best match first; an empty query finds nothing. */
    async search(
      query: string,
      offset: number,
      limit: number,
    ): Promise<{ hits: SearchHit[]; total: number }> {
      const terms = searchTerms(query);
      if (terms.length === 0) return { hits: [], total: 0 };
      return db.dialect === "sqlite"
        ? searchSqlite(db, terms, offset, limit)
        : searchPostgres(db, terms, offset, limit);
    },
  };
}

async function searchSqlite(db: Db, terms: string[], offset: number, limit: number) {
  // Each term is a quoted FTS5 string with a prefix star: no FTS5 syntax from the visitor reaches MATCH.
  const match = terms.map((t) => `"${t}"*`).join(" ");
  const total = await sql<{
    n: number;
  }>`SELECT count(*) AS n FROM search_index WHERE search_index MATCH ${match}`.execute(db.kysely);
  const rows = await sql<HitRow>`
    SELECT Kind, Ref,
      highlight(search_index, 2, ${MARK_START}, ${MARK_END}) AS Title,
      snippet(search_index, 3, ${MARK_START}, ${MARK_END}, '…', 24) AS Snippet
    FROM search_index WHERE search_index MATCH ${match}
    ORDER BY bm25(search_index, 0, 0, 8.0, 1.0) LIMIT ${limit} OFFSET ${offset}`.execute(db.kysely);
  return { total: Number(total.rows[0]?.n ?? 0), hits: rows.rows.map(toHit) };
}

// PostgreSQL: the same search with its own full-text engine; every term is a prefix match.
// Terms are letters and digits only (searchTerms), and the query text is bound, never spliced.
// The stored, indexed "Vector" (see migrate.ts) finds and ranks the matches; the total comes with
// the page (a window count) in one statement; highlights are made for the page's rows only.
async function searchPostgres(db: Db, terms: string[], offset: number, limit: number) {
  const query = terms.map((t) => `${t}:*`).join(" & ");
  const headline = (column: string, options: string) =>
    sql<string>`ts_headline('site_english', ${sql.ref(`d.${column}`)}, page.q, ${`StartSel=${MARK_START}, StopSel=${MARK_END}, ${options}`})`;
  const { rows } = await sql<HitRow & { Total: string }>`
    WITH q AS (SELECT to_tsquery('site_english', ${query}) AS q),
    page AS (
      SELECT "Kind", "Ref", q.q, count(*) OVER () AS "Total",
        ts_rank("Vector", q.q) AS rank
      FROM search_documents, q
      WHERE "Vector" @@ q.q
      ORDER BY rank DESC, "Ref"
      LIMIT ${limit} OFFSET ${offset}
    )
    SELECT page."Kind", page."Ref", page."Total",
      ${headline("Title", "HighlightAll=true")} AS "Title",
      ${headline("Body", "MaxWords=30, MinWords=12, MaxFragments=1, FragmentDelimiter=…")} AS "Snippet"
    FROM page JOIN search_documents d ON d."Kind" = page."Kind" AND d."Ref" = page."Ref"
    ORDER BY page.rank DESC, page."Ref"`.execute(db.kysely);
  // A page past the end has no rows to carry the total: count on its own then.
  const total =
    rows[0] !== undefined
      ? Number(rows[0].Total)
      : offset === 0
        ? 0
        : Number(
            (
              await sql<{ n: string }>`SELECT count(*) AS n FROM search_documents
                WHERE "Vector" @@ to_tsquery('site_english', ${query})`.execute(db.kysely)
            ).rows[0]?.n ?? 0,
          );
  return { total, hits: rows.map(toHit) };
}

/** A result row as both engines return it. */
interface HitRow {
  Kind: string;
  Ref: string;
  Title: string;
  Snippet: string;
}

const toHit = (r: HitRow): SearchHit => ({
  kind: r.Kind === "page" ? "page" : "article",
  ref: r.Ref,
  title: r.Title,
  snippet: r.Snippet,
});
