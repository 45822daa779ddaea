import { describe, expect, it } from "vitest";
import { generateContent } from "../../db/demo/generate.ts";
import { replaceContent } from "../../db/repositories/content-repository.ts";
import { MARK_END, MARK_START } from "../../rules/match-marks.ts";
import { apiAppForFile } from "../../../tests/helpers/api-app.ts";
import type { SuggestionItem } from "./suggestions.ts";

const content = generateContent();
const api = apiAppForFile({ content });
const newest = [...content.transactions].sort((a, b) => b.Date.localeCompare(a.Date))[0]!;

const suggest = (q: string, headers: Record<string, string> = {}) =>
  api().app.inject({ url: `/search/suggestions?q=${encodeURIComponent(q)}`, headers });
const items = async (q: string) => ((await suggest(q)).json() as { items: SuggestionItem[] }).items;

describe("GET /search/suggestions", () => {
  it("offers up to six labelled deals, topics and articles, each with its page", async () => {
    const reply = await suggest("keys");
    expect(reply.statusCode).toBe(200);
    expect(reply.headers["content-type"]).toBe("application/json; charset=utf-8");
    const found = (reply.json() as { items: SuggestionItem[] }).items;
    expect(found).toHaveLength(6);
    expect(found[0]).toEqual({
      kind: "deal",
      label: "Deal",
      title: `${MARK_START}Keystone${MARK_END} Home Co.`,
      url: `/transactions/${newest.UrlName}`,
      detail: expect.stringMatching(/^Closed October 31, 2026 · \$[\d.,]+ (million|billion)$/),
    });
    const topic = (await items("recap"))[0]!;
    expect(topic).toMatchObject({
      kind: "topic",
      label: "Topic",
      url: "/latest-articles-commentary/featured-articles-commentary/all-articles-and-commentary/-in-tags/tags/recapitalizations",
    });
    expect((await items("trends in")).every((i) => i.kind === "article")).toBe(true);
  });

  it("suggests nothing before two letters, and nothing for what no title holds", async () => {
    expect(await items("k")).toEqual([]);
    expect(await items("")).toEqual([]);
    expect((await api().app.inject({ url: "/search/suggestions" })).json()).toEqual({ items: [] });
    expect(await items("zzqxv")).toEqual([]);
    expect(await items("'; DROP TABLE search_words; --")).toEqual([]);
    expect(await items("x".repeat(5000))).toEqual([]);
  });

  it("answers the same words alike, with a strong ETag, a short max-age and 304 when unchanged", async () => {
    const first = await suggest("Keys");
    expect(first.headers["cache-control"]).toBe("public, max-age=60, stale-while-revalidate=600");
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect((await suggest("KEYS")).headers.etag).toBe(etag);
    const again = await suggest("keys", { "if-none-match": etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe("");
  });

  it("offers what an import brought, once the site has seen it", async () => {
    const other = generateContent({ transactions: 30, articles: 5, seed: 9 });
    const word = other.transactions[0]!.Company.split(" ")[0]!;
    const before = await items(word);
    const revision = await replaceContent(api().db, other);
    // On PostgreSQL the import's notification may have reached the site already.
    await api().state.refresh();
    expect(api().state.revision).toBe(revision);
    const after = (await items(word)).filter((i) => i.kind === "deal");
    const deals = new Set(other.transactions.map((t) => `/transactions/${t.UrlName}`));
    expect(after.length).toBeGreaterThan(0);
    for (const item of after) expect(deals.has(item.url)).toBe(true);
    expect(after).not.toEqual(before.filter((i) => i.kind === "deal"));
  });
});
