import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { generateContent } from "../db/demo/generate.ts";
import { migrate } from "../db/migrate.ts";
import { replaceContent } from "../db/repositories/content-repository.ts";
import { searchRepository } from "../db/repositories/search-repository.ts";
import { databaseForFile, tempDatabase } from "../../tests/helpers/temp-db.ts";
import { MARK_END, MARK_START } from "../rules/match-marks.ts";
import { createSearch, type SiteSearch } from "./engine.ts";

// The demo content, as the site ships it: the searches below once failed visitors on it.
const content = generateContent();
const newestDeal = [...content.transactions].sort((a, b) => b.Date.localeCompare(a.Date))[0]!;
let search: SiteSearch;
databaseForFile(content, (db) => {
  search = createSearch(searchRepository(db));
});

const top = async (query: string, n = 1) =>
  (await search.search(query, { limit: n })).hits.map((h) => `${h.kind}:${h.ref}`);
const unmarked = (text: string) => text.replace(/[\uE000\uE001]/g, "");

describe("site search: what visitors once could not find", () => {
  it("finds the newest deal first by its client's first word, linked to its own page", async () => {
    expect(newestDeal.Company).toBe("Keystone Home Co.");
    expect(await top("keystone")).toEqual([`deal:${newestDeal.UrlName}`]);
    expect(newestDeal.UrlName).toBe("keystone-home-co");
  });

  it("finds a deal by its buyer, and by client and buyer together", async () => {
    const lindqvist = content.transactions
      .filter((d) => d.Counterparty === "Lindqvist Capital")
      .sort((a, b) => b.Date.localeCompare(a.Date));
    expect(await top("lindqvist")).toEqual([`deal:${lindqvist[0]!.UrlName}`]);
    const keystone = lindqvist.filter((d) => d.Company.startsWith("Keystone "));
    expect(keystone).toHaveLength(1);
    expect(await top("Keystone Lindqvist")).toEqual([`deal:${keystone[0]!.UrlName}`]);
  });

  it("forgives one typo in acquisition: the same deals and articles as spelled right", async () => {
    const right = await search.search("acquisition", { limit: 0 });
    const typo = await search.search("acqusition", { limit: 0 });
    expect(right.total).toBeGreaterThan(90);
    expect(typo.counts).toEqual(right.counts);
  });

  it("finds a word being typed where the stemmer stores it shorter (recapitaliz)", async () => {
    const { hits, total } = await search.search("recapitaliz", { limit: 100 });
    expect(total).toBeGreaterThan(10);
    expect(`${hits[0]!.kind}:${unmarked(hits[0]!.title)}`).toBe("topic:Recapitalizations");
    expect(hits.some((h) => h.snippet.includes(`${MARK_START}recapitalization${MARK_END}`))).toBe(
      true,
    );
  });

  it.each(["economie", "économie", "ECONOMIE", "Économie"])(
    "finds the topic Économie Circulaire first for %s",
    async (query) => {
      expect(await top(query)).toEqual(["topic:economie-circulaire"]);
    },
  );

  it("finds the topic, and every deal in the aerospace industry group, for aerospace", async () => {
    const { counts, hits } = await search.search("aerospace", { limit: 3 });
    const group = content.hierarchyTaxa.find((x) => x.Title === "Aerospace & Defense")!;
    const inGroup = content.transactions.filter((d) => {
      const first = content.hierarchyTaxa.find((x) => x.Id === d.industries[0]);
      return first?.Id === group.Id || first?.ParentId === group.Id;
    });
    expect(hits[0]).toMatchObject({ kind: "topic", ref: "aerospace-supply-chains" });
    expect(counts.deal).toBeGreaterThanOrEqual(inGroup.length);
    expect(counts.topic).toBe(1);
  });
});

describe("site search: matching", () => {
  it.each([
    ["Keystone Home Co.", "keystone home co"],
    ["Keystone-Home", "KEYSTONE  home"],
    ["keystone & home, co", "Keystone Home"],
  ])(
    "finds the same first result for %j and %j: punctuation neither needed nor harmful",
    async (a, b) => {
      expect(await top(a)).toEqual([`deal:${newestDeal.UrlName}`]);
      expect(await top(b)).toEqual([`deal:${newestDeal.UrlName}`]);
    },
  );

  it("forgives a swap of two neighbouring letters as one typo, from five letters", async () => {
    const harbor = content.transactions.filter((d) => d.Company.startsWith("Harbor "));
    const found = await search.search("habror", { kinds: ["deal"], limit: harbor.length });
    expect(found.hits.map((h) => h.ref).sort()).toEqual(harbor.map((d) => d.UrlName).sort());
  });

  it("forgives two typos from nine letters, but none in a word of four", async () => {
    const right = await search.search("lindqvist", { limit: 0 });
    expect((await search.search("lindkvsit", { limit: 0 })).counts).toEqual(right.counts);
    expect((await search.search("kystne", { limit: 0 })).total).toBe(0);
    expect((await search.search("debt", { limit: 0 })).total).toBeGreaterThan(0);
    expect((await search.search("dbet", { limit: 0 })).total).toBe(0);
  });

  it("suggests a spelling that finds something when nothing was found", async () => {
    const result = await search.search("kystne dermatlogy");
    expect(result).toMatchObject({ total: 0, correction: "keystone dermatology" });
    expect((await search.search("zzqxv")).correction).toBeNull();
  });

  it("says how it read a word found only as a typo, and can search the words as typed", async () => {
    const right = await search.search("keystone", { limit: 0 });
    const typo = await search.search("keystnoe", { limit: 0 });
    expect(typo.counts).toEqual(right.counts);
    expect(typo.appliedCorrection).toBe("keystone");
    expect(right.appliedCorrection).toBeNull();
    expect(await search.search("keystnoe", { exact: true, limit: 0 })).toMatchObject({
      total: 0,
      appliedCorrection: null,
      correction: "keystone",
    });
    expect((await search.search("keystone", { exact: true, limit: 0 })).counts).toEqual(
      right.counts,
    );
  });

  it("finds an industry group's hub as a kind of its own, by its name or a child industry's", async () => {
    const found = await search.search("transportation logistics", { kinds: ["industry"] });
    expect(found.hits.map((h) => [h.kind, h.ref])).toEqual([
      ["industry", "transportation-and-logistics"],
    ]);
    const byChild = await search.search("freight brokerage", { kinds: ["industry"] });
    expect(byChild.hits[0]?.ref).toBe("transportation-and-logistics");
    // A hub's introduction is its body, not a page of its own.
    const pages = await search.search("healthcare bankers", { kinds: ["page"] });
    expect(pages.hits.filter((h) => h.ref.startsWith("/industries/"))).toEqual([]);
    expect((await search.search("healthcare bankers", { kinds: ["industry"] })).hits[0]?.ref).toBe(
      "healthcare",
    );
  });

  it("reads a typo, with a filter by kind, as a word that the results shown hold", async () => {
    const deals = await search.search("keystnoe dermatlogy", { kinds: ["deal"], limit: 0 });
    expect(deals.total).toBeGreaterThan(0);
    expect(deals.appliedCorrection).toBe("keystone dermatology");
  });

  it("counts every kind, filters by kind, and pages without gaps or repeats", async () => {
    const all = await search.search("capital", { limit: 1000 });
    expect(all.total).toBe(all.hits.length);
    expect(all.total).toBe(Object.values(all.counts).reduce((a, b) => a + b, 0));
    const articles = all.hits.filter((h) => h.kind === "article").map((h) => h.ref);
    const seen: string[] = [];
    for (let offset = 0; offset < articles.length + 7; offset += 7) {
      const page = await search.search("capital", { kinds: ["article"], offset, limit: 7 });
      expect(page.total).toBe(articles.length);
      expect(page.counts).toEqual(all.counts);
      seen.push(...page.hits.map((h) => h.ref));
    }
    expect(seen).toEqual(articles);
  });

  it("marks the matched words as written, accents and case kept", async () => {
    const { hits } = await search.search("economie circ");
    expect(hits[0]!.title).toBe(
      `${MARK_START}Économie${MARK_END} ${MARK_START}Circulaire${MARK_END}`,
    );
  });

  it("gives a deal result its close date and size", async () => {
    const { hits } = await search.search("Keystone Home Co.");
    expect(hits[0]).toMatchObject({
      kind: "deal",
      size: newestDeal.Size,
      date: newestDeal.Date,
    });
  });

  it("treats quotes, operators and SQL in a query as words, and finds nothing in nothing", async () => {
    for (const query of [
      '"unbalanced AND OR NEAR( *',
      "'; DROP TABLE search_words; --",
      "   ",
      "***",
    ]) {
      const result = await search.search(query);
      expect(result.total).toBe(0);
    }
    expect((await search.search('"earnouts')).total).toBe((await search.search("earnouts")).total);
    expect((await search.search("contact")).hits.some((h) => h.kind === "page")).toBe(true);
  });
});

describe("a deal's counterparty", () => {
  it("finds the deal, though its description does not name it", async () => {
    const own = generateContent({ transactions: 20, articles: 5, seed: 3 });
    const deal = own.transactions[4]!;
    deal.Counterparty = "Quillfeather Partners";
    own.descriptions[deal.Description] = "<p>A sale.</p>";
    const db = await tempDatabase(own);
    try {
      const found = await createSearch(searchRepository(db.db)).search("quillfeather");
      expect(found.hits.map((h) => `${h.kind}:${h.ref}`)).toEqual([`deal:${deal.UrlName}`]);
    } finally {
      await db.cleanup();
    }
  });
});

describe("suggestions", () => {
  it("offers up to six deals, topics and articles whose titles begin with what was typed", async () => {
    const items = await search.suggest("keys");
    expect(items).toHaveLength(6);
    expect(items[0]).toMatchObject({ kind: "deal", ref: newestDeal.UrlName });
    for (const item of items) expect(unmarked(item.title)).toMatch(/^Keystone /);
    const topics = await search.suggest("private eq");
    expect(topics[0]).toMatchObject({ kind: "topic", ref: "private-equity" });
  });

  it("never offers a page, nor anything for a word found only in bodies", async () => {
    expect(await search.suggest("contact")).toEqual([]);
    expect(await search.suggest("lindqvist")).toEqual([]);
  });
});

describe("the search index", () => {
  it("is built again at start when it was made by other rules, or not at all", async () => {
    const own = await tempDatabase(generateContent({ transactions: 20, articles: 10 }));
    try {
      await sql`DELETE FROM search_words`.execute(own.db.kysely);
      await sql`UPDATE search_meta SET "Version" = 0`.execute(own.db.kysely);
      expect(
        (await createSearch(searchRepository(own.db)).search("keystone", { limit: 0 })).total,
      ).toBe(0);
      await migrate(own.db);
      expect(
        (await createSearch(searchRepository(own.db)).search("halvorsen", { limit: 0 })).total,
      ).toBeGreaterThan(0);
    } finally {
      await own.cleanup();
    }
  });

  it("reads what it kept again once told the content changed, and not before", async () => {
    const small = generateContent({ transactions: 20, articles: 5 });
    const own = await tempDatabase(small);
    try {
      const kept = createSearch(searchRepository(own.db));
      const deal = small.transactions[3]!;
      const title = async (q: string) => (await kept.search(q, { limit: 1 })).hits[0]?.title;
      expect(unmarked((await title(deal.Company))!)).toBe(deal.Company);
      const renamed = structuredClone(small);
      renamed.transactions[3]!.Company = `Zorblat ${deal.Company}`;
      await replaceContent(own.db, renamed);
      // What it kept (the words, their postings, the documents) answers until it is told.
      expect(await title("zorblat")).toBeUndefined();
      expect(unmarked((await title(deal.Company))!)).toBe(deal.Company);
      kept.forget();
      expect(unmarked((await title("zorblat"))!)).toBe(`Zorblat ${deal.Company}`);
    } finally {
      await own.cleanup();
    }
  });
});
