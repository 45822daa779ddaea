import { describe, expect, it } from "vitest";
import { encodePostings, decodePostings } from "./postings.ts";
import { KIND_ORDER, rankDocuments, TITLE_FACTOR, type DocumentFacts } from "./score.ts";
import type { SearchKind } from "./build-index.ts";

// Five documents (numbers 1 to 5); 0 is unused.
const facts: DocumentFacts = {
  kinds: Uint8Array.from([0, 0, 0, 2, 1, 0].map((k) => k)),
  priors: Float64Array.from([0, 0.2, 0.9, 0.5, 0.5, 0.95]),
  titleWords: [[], ["acme", "corp"], ["acme", "holdings"], ["on", "acme"], ["acme"], ["zenith"]],
};
/** A query word's expansion: its own weight, and what it weighs in each document that holds it. */
const term = (weight: number, scores: Record<number, number>) => {
  const documents = Object.keys(scores).map(Number);
  return {
    weight,
    postings: decodePostings(
      encodePostings(
        documents,
        documents.map((d) => scores[d]!),
      ),
    ),
  };
};
const ALL = new Set<SearchKind>(KIND_ORDER);
/** The stored words each query word stands for, one word each here. */
const words = (...each: string[]) => each.map((w) => new Set([w]));

describe("rankDocuments", () => {
  it("keeps documents that match every query word, and counts them by kind", () => {
    const acme = term(1, { 1: 1, 2: 1, 3: 1, 4: 1 });
    const corp = term(1, { 1: 1, 5: 1 });
    const { order, counts } = rankDocuments(facts, [[acme], [corp]], words("acme", "corp"), ALL);
    expect(order).toEqual([1]);
    expect(counts).toEqual({ deal: 1, topic: 0, article: 0, page: 0, industry: 0, person: 0 });
  });

  it("takes the best of a query word's expansions, not their sum", () => {
    const exact = term(2, { 5: 1 });
    const typo = term(1, { 5: 1.5, 2: 3 });
    const { order } = rankDocuments(facts, [[exact, typo]], [], ALL);
    // 5 scores max(2, 1.5) = 2; 2 scores 3: the typo's better weight wins there.
    expect(order).toEqual([2, 5]);
  });

  it("counts a title as the query when its words are the query's expansions", () => {
    const zenith = term(1, { 2: 3, 5: 1 });
    const typo = [new Set(["zenith", "zenit"])];
    expect(rankDocuments(facts, [[zenith]], typo, ALL).order).toEqual([5, 2]);
  });

  it("ranks a title that is the query above one that begins with it above one that holds it", () => {
    const acme = term(1, { 1: 1, 3: 1, 4: 1 });
    const { order } = rankDocuments(facts, [[acme]], words("acme"), ALL);
    expect(order).toEqual([4, 1, 3]);
    expect(TITLE_FACTOR.is > TITLE_FACTOR.begins && TITLE_FACTOR.begins > TITLE_FACTOR.holds).toBe(
      true,
    );
  });

  it("puts the newer of two near-equal matches first, and the clearly better one before both", () => {
    const word = term(1, { 1: 1.05, 2: 1, 5: 3 });
    expect(rankDocuments(facts, [[word]], [], ALL).order).toEqual([5, 2, 1]);
  });

  it("lists only the kinds asked for, but counts every kind", () => {
    const acme = term(1, { 1: 1, 3: 1, 4: 1 });
    const { order, counts } = rankDocuments(facts, [[acme]], words("acme"), new Set(["article"]));
    expect(order).toEqual([3]);
    expect(counts).toEqual({ deal: 1, topic: 1, article: 1, page: 0, industry: 0, person: 0 });
  });
});
