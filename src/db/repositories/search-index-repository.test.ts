import { describe, expect, it } from "vitest";
import type { ContentFile } from "../../content/content-file.ts";
import { createSearch, type SiteSearch } from "../../search/engine.ts";
import { TEST_DIALECT, tempDatabase } from "../../../tests/helpers/temp-db.ts";
import { describeQuality, evaluateSearch } from "../../../tools/search-quality/evaluate.ts";
import type { Db } from "../connect.ts";
import { generateContent } from "../demo/generate.ts";
import { replaceContent } from "./content-repository.ts";
import { searchRepository } from "./search-repository.ts";
import { updateSearchIndex } from "./search-index-repository.ts";

// A few deals and articles published, changed, renamed and unpublished, indexed alone
// (updateSearchIndex), must be found as a full build would find them.

const before = generateContent();
const after: ContentFile = structuredClone(before);
const newest = after.transactions.toSorted((a, b) => b.Date.localeCompare(a.Date))[0]!;
const deal = (company: string) => after.transactions.find((t) => t.Company === company)!;

// Changed: the newest deal gets a new buyer; renamed: a deal gets another client and address.
const changed = deal("Keystone Home Co.");
changed.Counterparty = "Quillfeather Partners";
const renamed = deal("Zephyr Wind Holdings");
renamed.Company = "Zanzibar Robotics Inc.";
renamed.UrlName = "zanzibar-robotics-inc";
// Unpublished: a deal and an article.
const removed = deal("Delta Digital Holdings");
after.transactions = after.transactions.filter((t) => t !== removed);
const removedArticle = after.articles[5]!;
after.articles = after.articles.filter((a) => a !== removedArticle);
// Published: a deal newer than any (its kind's dates reach further) and an article.
const published = {
  ...structuredClone(newest),
  Id: "0f6e8c1a-2b3d-4e5f-8a9b-0c1d2e3f4a5b",
  Company: "Keystone Orbital Co.",
  UrlName: "keystone-orbital-co",
  Date: new Date(Date.parse(newest.Date) + 86_400_000 * 30).toISOString(),
  Description: "orbital",
};
after.descriptions.orbital = "<p>Keystone Orbital Co., a maker of satellite parts, was sold.</p>";
after.transactions.push(published);
const retitled = after.articles[7]!;
retitled.Title = "Why Tidewater Buyers Pay for Recurring Revenue";
const newArticle = {
  ...structuredClone(after.articles[0]!),
  Id: "1a2b3c4d-5e6f-4a8b-9c0d-1e2f3a4b5c6d",
  Title: "Marginalia on Earnouts",
  UrlName: "marginalia-on-earnouts",
};
after.articles.push(newArticle);

const changes = {
  deals: [changed.Id, renamed.Id, removed.Id, published.Id],
  articles: [removedArticle.Id, retitled.Id, newArticle.Id],
};

/** Every row of the index, to put an index back as it was before the content changed. */
async function snapshot(db: Db) {
  const k = db.kysely;
  return {
    documents: await k.selectFrom("search_documents").selectAll().execute(),
    words: await k.selectFrom("search_words").selectAll().execute(),
  };
}

async function restore(db: Db, rows: Awaited<ReturnType<typeof snapshot>>) {
  await db.kysely.transaction().execute(async (k) => {
    await k.deleteFrom("search_words").execute();
    await k.deleteFrom("search_documents").execute();
    for (let i = 0; i < rows.documents.length; i += 200)
      await k
        .insertInto("search_documents")
        .values(rows.documents.slice(i, i + 200))
        .execute();
    for (let i = 0; i < rows.words.length; i += 100)
      await k
        .insertInto("search_words")
        .values(rows.words.slice(i, i + 100))
        .execute();
  });
}

const QUERIES = [
  "keystone",
  "quillfeather",
  "keystone quillfeather",
  "zanzibar",
  "zanzibar robotics",
  "zephyr wind holdings",
  "delta digital",
  "keystone orbital",
  "satellite",
  "orbital",
  removedArticle.Title,
  "tidewater",
  retitled.Title,
  "marginalia",
  "earnouts",
];

const seen = async (search: SiteSearch, q: string) => {
  const r = await search.search(q, { limit: 10 });
  return { top: r.hits.map((h) => `${h.kind}:${h.ref}`), total: r.total, counts: r.counts };
};

describe(`the search index after a few items changed (${TEST_DIALECT})`, () => {
  it("finds the changed, renamed, published and unpublished items as a full build does", async () => {
    const full = await tempDatabase(after);
    const updated = await tempDatabase(before);
    try {
      // The content changes, the index does not, until it is updated.
      const index = await snapshot(updated.db);
      await replaceContent(updated.db, after);
      await restore(updated.db, index);
      const stale = createSearch(searchRepository(updated.db));
      expect((await stale.search("zanzibar")).total).toBe(0);

      await updated.db.kysely.transaction().execute((k) => updateSearchIndex(k, changes));
      const incremental = createSearch(searchRepository(updated.db));
      const rebuilt = createSearch(searchRepository(full.db));
      for (const q of QUERIES)
        expect(await seen(incremental, q), q).toEqual(await seen(rebuilt, q));
      expect((await seen(incremental, "keystone")).top[0]).toBe("deal:keystone-orbital-co");
      expect((await seen(incremental, "zephyr wind holdings")).top).not.toContain(
        "deal:zephyr-wind-holdings",
      );
      const suggested = await incremental.suggest("zanzib");
      expect(suggested.map((s) => s.ref)).toEqual(["zanzibar-robotics-inc"]);
    } finally {
      await Promise.all([full.cleanup(), updated.cleanup()]);
    }
  });

  it("keeps the judged set's quality after items are indexed one at a time", async () => {
    const db = await tempDatabase(before);
    try {
      const index = await snapshot(db.db);
      await replaceContent(db.db, after);
      await restore(db.db, index);
      for (const id of changes.deals)
        await db.db.kysely
          .transaction()
          .execute((k) => updateSearchIndex(k, { deals: [id], articles: [] }));
      for (const id of changes.articles)
        await db.db.kysely
          .transaction()
          .execute((k) => updateSearchIndex(k, { deals: [], articles: [id] }));
      const quality = await evaluateSearch(createSearch(searchRepository(db.db)));
      // The judged set was written against the content before: the removed deal's query and
      // those about the renamed client now miss, as they would after a full build.
      expect(quality.ndcg, describeQuality(quality)).toBeGreaterThanOrEqual(0.9);
      expect(quality.top1, describeQuality(quality)).toBeGreaterThanOrEqual(0.9);
    } finally {
      await db.cleanup();
    }
  });
});
