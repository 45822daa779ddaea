import { connect } from "../src/db/connect.ts";
import { generateContent } from "../src/db/demo/generate.ts";
import { migrate } from "../src/db/migrate.ts";
import { replaceContent } from "../src/db/repositories/content-repository.ts";
import { searchRepository } from "../src/db/repositories/search-repository.ts";
import { createSearch } from "../src/search/engine.ts";
import { describeQuality, evaluateSearch } from "../tools/search-quality/evaluate.ts";
import { JUDGED_QUERIES } from "../tools/search-quality/judged-queries.ts";
import { BUDGETS } from "./budgets.ts";

/**
 * The judged query set (tools/search-quality) over the demo content in the database at `url`
 * (emptied and loaded here): one line with nDCG@10 and navigational top-1 against their goals.
 */
export async function benchSearchQuality(url: string, name: string): Promise<string> {
  const db = connect(url, { create: true, timeoutMs: 120_000 });
  try {
    await migrate(db);
    await replaceContent(db, generateContent());
    const quality = await evaluateSearch(createSearch(searchRepository(db)));
    const pass = quality.ndcg >= BUDGETS.searchNdcg && quality.top1 >= BUDGETS.searchTop1;
    return (
      `Search quality, ${name}, ${JUDGED_QUERIES.length} judged queries: ${describeQuality(quality)} ` +
      `(goal nDCG@10 ≥ ${BUDGETS.searchNdcg}, top-1 ≥ ${BUDGETS.searchTop1 * 100}%) ${pass ? "PASS" : "FAIL"}`
    );
  } finally {
    await db.close();
  }
}
