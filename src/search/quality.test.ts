import { describe, expect, it } from "vitest";
import { generateContent } from "../db/demo/generate.ts";
import { searchRepository } from "../db/repositories/search-repository.ts";
import { TEST_DIALECT, databaseForFile } from "../../tests/helpers/temp-db.ts";
import { describeQuality, evaluateSearch } from "../../tools/search-quality/evaluate.ts";
import { JUDGED_QUERIES } from "../../tools/search-quality/judged-queries.ts";
import { createSearch } from "./engine.ts";

// The judged query set (tools/search-quality/judged-queries.ts) over the demo content it was
// written against, on SQLite and (npm run test:pg) PostgreSQL. The goals are nDCG@10 0.90 and
// 95% of navigational queries answered first (the budgets in bench/budgets.ts); below 0.85 or 90% the suite fails.
const db = databaseForFile(generateContent());

describe(`search quality on the judged query set (${TEST_DIALECT})`, () => {
  it("has at least 60 graded queries of every kind the issue names", () => {
    expect(JUDGED_QUERIES.length).toBeGreaterThanOrEqual(60);
    const kinds = new Set(JUDGED_QUERIES.map((q) => q.about));
    for (const about of [
      "client",
      "buyer",
      "typo",
      "prefix",
      "accent",
      "topic",
      "industry",
      "title",
      "phrase",
      "page",
      "nothing",
    ])
      expect(kinds, about).toContain(about);
  });

  it("keeps nDCG@10 at 0.85 or more and navigational top-1 at 90% or more", async () => {
    const quality = await evaluateSearch(createSearch(searchRepository(db())));
    const misses = quality.queries
      .filter((q) => q.ndcg < 0.7 || q.isFirst === false)
      .map((q) => `${q.query}: nDCG ${q.ndcg.toFixed(2)}, first ${q.top[0] ?? "nothing"}`);
    expect(
      quality.ndcg,
      `${describeQuality(quality)}\n${misses.join("\n")}`,
    ).toBeGreaterThanOrEqual(0.85);
    expect(
      quality.top1,
      `${describeQuality(quality)}\n${misses.join("\n")}`,
    ).toBeGreaterThanOrEqual(0.9);
  });
});
