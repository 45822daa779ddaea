// Pure: how good a ranked list is against graded judgements (0 to 3), as GOV.UK measures its
// search: normalised discounted cumulative gain over the first k results.

/** Graded relevance of the documents judged for one query; an unjudged document counts 0. */
export type Grades = Readonly<Record<string, number>>;

/** Discounted cumulative gain of grades in rank order: (2^grade - 1) / log2(rank + 1). */
export function dcg(grades: readonly number[], k = 10): number {
  return grades.slice(0, k).reduce((sum, grade, i) => sum + (2 ** grade - 1) / Math.log2(i + 2), 0);
}

/**
 * nDCG@k of `ranked` (document keys, best first): its DCG over the best possible DCG for these
 * judgements. A query with nothing relevant to find scores 1 when it finds nothing, else 0.
 */
export function ndcg(ranked: readonly string[], grades: Grades, k = 10): number {
  const ideal = dcg(
    Object.values(grades)
      .filter((g) => g > 0)
      .sort((a, b) => b - a),
    k,
  );
  if (ideal === 0) return ranked.length === 0 ? 1 : 0;
  return (
    dcg(
      ranked.map((key) => grades[key] ?? 0),
      k,
    ) / ideal
  );
}

/** The mean of some numbers (0 for none). */
export const mean = (values: readonly number[]): number =>
  values.length === 0 ? 0 : values.reduce((a, b) => a + b, 0) / values.length;
