import { describe, expect, it } from "vitest";
import { buildSearchIndex, type SearchSource } from "./build-index.ts";
import { decodePostings } from "./postings.ts";

const source = (over: Partial<SearchSource>): SearchSource => ({
  kind: "article",
  ref: "x",
  title: "",
  keywords: [],
  body: "",
  date: null,
  size: null,
  ...over,
});

describe("buildSearchIndex", () => {
  const { documents, words } = buildSearchIndex([
    source({
      kind: "deal",
      ref: "acme",
      title: "Acme Corp.",
      body: "Sold to Zenith.",
      date: "2020-01-01T00:00:00Z",
    }),
    source({
      ref: "on-acme",
      title: "Notes",
      body: "Why the firm sold to Zenith, what Acme paid, and the lessons for other sellers.",
      date: "2024-01-01T00:00:00Z",
    }),
    source({ kind: "topic", ref: "deals", title: "Deals", keywords: ["Acme"] }),
  ]);
  const word = (w: string) => words.find((x) => x.Word === w)!;
  const weights = (w: string) => {
    const { docIds, weights: ws } = decodePostings(word(w).Postings);
    return Object.fromEntries(Array.from(docIds, (id, i) => [id, ws[i]!]));
  };

  it("numbers documents from 1 and keeps what results show", () => {
    expect(documents.map((d) => [d.Id, d.Kind, d.Ref, d.TitleKey])).toEqual([
      [1, "deal", "acme", "acme corp"],
      [2, "article", "on-acme", "notes"],
      [3, "topic", "deals", "deals"],
    ]);
  });

  it("weighs a word in a title above the same word in keywords, above it in a body", () => {
    const acme = weights("acme");
    expect(word("acme")).toMatchObject({ Docs: 3, TitleDocs: 1 });
    expect(acme[1]).toBeGreaterThan(acme[3]!);
    expect(acme[3]).toBeGreaterThan(acme[2]!);
  });

  it("keeps title weights apart, for suggestions, and leaves stop words out", () => {
    expect(Array.from(decodePostings(word("acme").TitlePostings).docIds)).toEqual([1]);
    expect(words.find((w) => w.Word === "the")).toBeUndefined();
  });

  it("ranks recency within each kind, 0.5 for what has no date", () => {
    expect(documents.map((d) => d.Prior)).toEqual([1, 1, 0.5]);
  });
});
