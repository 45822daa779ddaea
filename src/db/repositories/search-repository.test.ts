import {
  CompiledQuery,
  createQueryId,
  sql,
  type KyselyPlugin,
  type RootOperationNode,
} from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generateContent } from "../demo/generate.ts";
import { TEST_DIALECT, tempDatabase } from "../../../tests/helpers/temp-db.ts";
import { MARK_END, MARK_START } from "../../rules/search-marks.ts";
import { searchRepository } from "./search-repository.ts";

// A made-up word put into known articles, so the expected hits are known without the engine.
const WORD = "zyxquartet";
const content = generateContent({
  transactions: 10,
  articles: TEST_DIALECT === "postgres" ? 10_000 : 200,
});
// Few enough that an index pays off: the planner rightly reads every row for a common word.
const every = TEST_DIALECT === "postgres" ? 397 : 37;
const marked = content.articles.filter((_, i) => i % every === 5);
for (const article of marked) article.Content += `<p>The ${WORD} clause applies.</p>`;
content.articles[1]!.Title = "Crème brûlée économies";

let t: Awaited<ReturnType<typeof tempDatabase>>;
beforeAll(async () => {
  t = await tempDatabase(content);
});
afterAll(() => t.cleanup());

describe("site search", () => {
  it("finds exactly the documents with the word, and pages through them without gaps or repeats", async () => {
    const search = searchRepository(t.db);
    const expected = marked.map((a) => a.UrlName).sort();
    const seen: string[] = [];
    for (let offset = 0; offset < expected.length + 4; offset += 4) {
      const page = await search.search(WORD, offset, 4);
      expect(page.total).toBe(expected.length);
      seen.push(...page.hits.map((hit) => hit.ref));
    }
    expect(seen.sort()).toEqual(expected);
    const past = await search.search(WORD, expected.length + 10, 4);
    expect(past).toEqual({ total: expected.length, hits: [] });
  });

  it("finds accented words by their plain letters, and marks them as written", async () => {
    const { hits } = await searchRepository(t.db).search("CREME brulee economie", 0, 5);
    expect(hits.map((hit) => hit.ref)).toEqual([content.articles[1]!.UrlName]);
    expect(hits[0]!.title).toContain(`${MARK_START}Crème${MARK_END}`);
  });

  it.runIf(TEST_DIALECT === "postgres")(
    "has PostgreSQL read its GIN index over the stored vector, not every row",
    async () => {
      // The very statement the search sends, caught on its way out, then explained.
      const sent: RootOperationNode[] = [];
      const catcher: KyselyPlugin = {
        transformQuery: ({ node }) => (sent.push(node), node),
        transformResult: async ({ result }) => result,
      };
      const db = { ...t.db, kysely: t.db.kysely.withPlugin(catcher) };
      await sql`ANALYZE search_documents`.execute(t.db.kysely);
      await searchRepository(db).search(WORD, 0, 10);
      const compiled = t.db.kysely.getExecutor().compileQuery(sent[0]!, createQueryId());
      const plan = await t.db.kysely.executeQuery<{ "QUERY PLAN": string }>(
        CompiledQuery.raw(`EXPLAIN ${compiled.sql}`, [...compiled.parameters]),
      );
      const lines = plan.rows.map((row) => row["QUERY PLAN"]).join("\n");
      expect(lines).toMatch(/Index Scan on search_documents_vector/);
      expect(lines).not.toMatch(/Seq Scan on search_documents\b/);
    },
  );
});
