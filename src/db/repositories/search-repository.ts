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
        : searchPortable(db, terms, offset, limit);
    },
  };
}

async function searchSqlite(db: Db, terms: string[], offset: number, limit: number) {
  // Each term is a quoted FTS5 string with a prefix star: no FTS5 syntax from the visitor reaches MATCH.
  const match = terms.map((t) => `"${t}"*`).join(" ");
  const total = await sql<{
    n: number;
  }>`SELECT count(*) AS n FROM search_index WHERE search_index MATCH ${match}`.execute(db.kysely);
  const rows = await sql<{ Kind: string; Ref: string; Title: string; Snippet: string }>`
    SELECT Kind, Ref,
      highlight(search_index, 2, ${MARK_START}, ${MARK_END}) AS Title,
      snippet(search_index, 3, ${MARK_START}, ${MARK_END}, '…', 24) AS Snippet
    FROM search_index WHERE search_index MATCH ${match}
    ORDER BY bm25(search_index, 0, 0, 8.0, 1.0) LIMIT ${limit} OFFSET ${offset}`.execute(db.kysely);
  return {
    total: Number(total.rows[0]?.n ?? 0),
    hits: rows.rows.map(
      (r) =>
        ({
          kind: r.Kind === "page" ? "page" : "article",
          ref: r.Ref,
          title: r.Title,
          snippet: r.Snippet,
        }) as SearchHit,
    ),
  };
}

// PostgreSQL: every term must occur in the title or text (case-insensitive); newest first.
async function searchPortable(db: Db, terms: string[], offset: number, limit: number) {
  let query = db.kysely.selectFrom("articles");
  for (const term of terms) {
    const pattern = `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    query = query.where((eb) =>
      eb.or([eb("Title", "ilike", pattern), eb("SearchText", "ilike", pattern)]),
    );
  }
  const [rows, count] = await Promise.all([
    query
      .select(["UrlName", "Title", "Summary", "SearchText"])
      .orderBy("PublicationDate", "desc")
      .limit(limit)
      .offset(offset)
      .execute(),
    query.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow(),
  ]);
  return {
    total: Number(count.n),
    hits: rows.map((r) => ({
      kind: "article" as const,
      ref: r.UrlName,
      title: r.Title,
      snippet: r.SearchText.slice(0, 240),
    })),
  };
}
