import { parseContentFile, type ContentFile } from "../src/content/content-file.ts";
import { connect } from "../src/db/connect.ts";
import { generateContent } from "../src/db/demo/generate.ts";
import { migrate } from "../src/db/migrate.ts";
import {
  contentRevision,
  replaceContent,
  writeItems,
} from "../src/db/repositories/content-repository.ts";
import { searchRepository } from "../src/db/repositories/search-repository.ts";
import { createSearch } from "../src/search/engine.ts";
import { describeQuality, evaluateSearch } from "../tools/search-quality/evaluate.ts";
import { JUDGED_QUERIES } from "../tools/search-quality/judged-queries.ts";
import { BUDGETS } from "./budgets.ts";

/** The demo content as an import reads it (validated, sanitised). */
function demoContent(): ContentFile {
  const parsed = parseContentFile(JSON.parse(JSON.stringify(generateContent())));
  if (!parsed.ok) throw new Error(parsed.problems.join("; "));
  return parsed.content;
}

/** Every tenth deal and every sixth article: published one at a time, as service hooks do. */
const isLate = (index: number, every: number) => index % every === every - 1;

/**
 * The judged query set (tools/search-quality) over the demo content in the database at `url`
 * (emptied and loaded here), twice: with the index built whole by an import, and with a tenth of
 * the deals and a sixth of the articles published after it one at a time through the service
 * hooks' write path (each indexed alone). One line each, nDCG@10 and navigational top-1 against
 * their floors.
 */
export async function benchSearchQuality(url: string, name: string): Promise<string[]> {
  const db = connect(url, { create: true, timeoutMs: 120_000 });
  const line = async (how: string) => {
    const quality = await evaluateSearch(createSearch(searchRepository(db)));
    const pass = quality.ndcg >= BUDGETS.searchNdcg && quality.top1 >= BUDGETS.searchTop1;
    return (
      `Search quality, ${name}, ${how}, ${JUDGED_QUERIES.length} judged queries: ${describeQuality(quality)} ` +
      `(budget nDCG@10 ≥ ${BUDGETS.searchNdcg}, top-1 ≥ ${BUDGETS.searchTop1 * 100}%) ${pass ? "PASS" : "FAIL"}`
    );
  };
  try {
    await migrate(db);
    const content = demoContent();
    await replaceContent(db, content);
    const whole = await line("built whole");
    const lateDeals = content.transactions.filter((_, i) => isLate(i, 10));
    const lateArticles = content.articles.filter((_, i) => isLate(i, 6));
    await replaceContent(db, {
      ...content,
      transactions: content.transactions.filter((_, i) => !isLate(i, 10)),
      articles: content.articles.filter((_, i) => !isLate(i, 6)),
    });
    const publish = async (deals: ContentFile["transactions"], articles: ContentFile["articles"]) =>
      writeItems(
        db,
        {
          deals: { removed: [], written: deals },
          articles: { removed: [], written: articles },
          descriptions: {},
        },
        { ifRevision: await contentRevision(db), tags: [] },
      );
    for (const deal of lateDeals) await publish([deal], []);
    for (const article of lateArticles) await publish([], [article]);
    const incremental = await line(
      `${lateDeals.length} deals and ${lateArticles.length} articles published one at a time`,
    );
    return [whole, incremental];
  } finally {
    await db.close();
  }
}
