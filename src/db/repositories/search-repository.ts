import { sql } from "kysely";
import type { Db } from "../connect.ts";
import { searchTerms } from "../../lib/search-query.ts";

/** One hit: an article (Ref is its UrlName) or a page (Ref is its path). Marked text uses MARK_START/MARK_END. */
export interface SearchHit {
  kind: "article" | "page";
  ref: string;
  title: string;
  snippet: string;
}

import { MARK_END, MARK_START } from "./search-marks.ts";

export { MARK_END, MARK_START };

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
async function searchPostgres(db: Db, terms: string[], offset: number, limit: number) {
  const query = terms.map((t) => `${t}:*`).join(" & ");
  const headline = (column: string, options: string) =>
    sql<string>`ts_headline('english', ${sql.ref(column)}, q, ${`StartSel=${MARK_START}, StopSel=${MARK_END}, ${options}`})`;
  const document = sql`to_tsvector('english', "Title" || ' ' || "Body")`;
  const [rows, count] = await Promise.all([
    sql<HitRow>`
      SELECT "Kind", "Ref", ${headline("Title", "HighlightAll=true")} AS "Title",
        ${headline("Body", "MaxWords=30, MinWords=12, MaxFragments=1, FragmentDelimiter=…")} AS "Snippet"
      FROM search_documents, to_tsquery('english', ${query}) AS q
      WHERE ${document} @@ q
      ORDER BY ts_rank(setweight(to_tsvector('english', "Title"), 'A') || to_tsvector('english', "Body"), q) DESC, "Ref"
      LIMIT ${limit} OFFSET ${offset}`.execute(db.kysely),
    sql<{
      n: string;
    }>`SELECT count(*) AS n FROM search_documents, to_tsquery('english', ${query}) AS q
      WHERE ${document} @@ q`.execute(db.kysely),
  ]);
  return { total: Number(count.rows[0]?.n ?? 0), hits: rows.rows.map(toHit) };
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
