// The site search measured on the judged query set: nDCG@10 and how often a navigational query's
// one right answer comes first. Used by the quality test and by `npm run bench`.
import { JUDGED_QUERIES, type JudgedQuery } from "./judged-queries.ts";
import { mean, ndcg } from "./ndcg.ts";

/** One query's figures, for a report of what went wrong. */
export interface QueryScore {
  readonly query: string;
  readonly ndcg: number;
  /** For a navigational query: whether its answer came first. */
  readonly isFirst: boolean | null;
  readonly top: readonly string[];
}

export interface SearchQuality {
  readonly ndcg: number;
  /** Share (0 to 1) of navigational queries answered first. */
  readonly top1: number;
  readonly queries: readonly QueryScore[];
}

/** What is measured: the site's engine, or a library under trial (bench/search-library.ts). */
export interface Searcher {
  search(
    text: string,
    options: { limit: number },
  ): Promise<{ hits: readonly { kind: string; ref: string }[] }>;
}

/** Runs every judged query (the first ten results each) and scores the answers. */
export async function evaluateSearch(
  search: Searcher,
  queries: readonly JudgedQuery[] = JUDGED_QUERIES,
): Promise<SearchQuality> {
  const scores: QueryScore[] = [];
  for (const judged of queries) {
    const { hits } = await search.search(judged.query, { limit: 10 });
    const top = hits.map((h) => `${h.kind}:${h.ref}`);
    const target = Object.entries(judged.grades).find(([, g]) => g === 3)?.[0];
    scores.push({
      query: judged.query,
      ndcg: ndcg(top, judged.grades),
      isFirst: judged.isNavigational ? top[0] === target : null,
      top,
    });
  }
  const navigational = scores.filter((s) => s.isFirst !== null);
  return {
    ndcg: mean(scores.map((s) => s.ndcg)),
    top1: mean(navigational.map((s) => (s.isFirst ? 1 : 0))),
    queries: scores,
  };
}

/** "nDCG@10 0.95, navigational top-1 97% (36/37), 70 queries". */
export function describeQuality(quality: SearchQuality): string {
  const navigational = quality.queries.filter((q) => q.isFirst !== null);
  const first = navigational.filter((q) => q.isFirst).length;
  return `nDCG@10 ${quality.ndcg.toFixed(3)}, navigational top-1 ${(quality.top1 * 100).toFixed(0)}% (${first}/${navigational.length}), ${quality.queries.length} queries`;
}
