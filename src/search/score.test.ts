import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { propertyRuns } from "../../tests/helpers/property-runs.ts";
import { encodePostings, decodePostings, type Postings } from "./postings.ts";
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

/**
 * Ranking as first written: a pass over every document per query word. The ranking visits only
 * the postings; both must give the same order and counts, to the last bit of every score.
 */
function rankEveryDocument(
  facts: DocumentFacts,
  groups: readonly (readonly { weight: number; postings: Postings }[])[],
  words: readonly ReadonlySet<string>[],
  wanted: ReadonlySet<SearchKind>,
) {
  const n = facts.kinds.length;
  const total = new Float64Array(n);
  const found = new Uint8Array(n);
  for (const group of groups) {
    const best = new Float64Array(n);
    for (const { weight, postings } of group)
      postings.docIds.forEach((doc, i) => {
        const w = weight * postings.weights[i]!;
        if (doc < n && w > best[doc]!) best[doc] = w;
      });
    for (let doc = 1; doc < n; doc++)
      if (best[doc]! > 0) {
        total[doc]! += best[doc]!;
        found[doc]! += 1;
      }
  }
  const isTitle = (title: readonly string[], start: number) =>
    words.every((set, i) => set.has(title[start + i] ?? ""));
  const factor = (title: readonly string[]) => {
    if (words.length === 0 || title.length < words.length) return 1;
    if (isTitle(title, 0))
      return title.length === words.length ? TITLE_FACTOR.is : TITLE_FACTOR.begins;
    for (let start = 1; start + words.length <= title.length; start++)
      if (isTitle(title, start)) return TITLE_FACTOR.holds;
    return 1;
  };
  const counts = { deal: 0, industry: 0, topic: 0, article: 0, page: 0, person: 0 };
  const matched: number[] = [];
  let top = 0;
  for (let doc = 1; doc < n; doc++) {
    if (found[doc] !== groups.length) continue;
    const kind = KIND_ORDER[facts.kinds[doc]!]!;
    counts[kind] += 1;
    total[doc] = total[doc]! * factor(facts.titleWords[doc]!);
    top = Math.max(top, total[doc]!);
    if (wanted.has(kind)) matched.push(doc);
  }
  const key = (doc: number) => {
    const tier = Math.min(127, -Math.ceil(Math.log(total[doc]! / top) * 8));
    const prior = Math.min(2, Math.max(-1, facts.priors[doc]!));
    return tier * 2 ** 44 + Math.round(((2 - prior) / 3) * 0xfffff) * 2 ** 24 + doc;
  };
  return { order: matched.sort((a, b) => key(a) - key(b)), counts };
}

describe("rankDocuments, against a pass over every document", () => {
  const TITLE_WORDS = ["acme", "corp", "zenith", "holdings", "north"];
  const arbitraryFacts = fc
    .array(
      fc.record({
        kind: fc.integer({ min: 0, max: KIND_ORDER.length - 1 }),
        prior: fc.double({ min: -1.5, max: 2.5, noNaN: true }),
        title: fc.array(fc.constantFrom(...TITLE_WORDS), { maxLength: 4 }),
      }),
      { minLength: 4, maxLength: 12 },
    )
    .map((docs): DocumentFacts => ({
      kinds: Uint8Array.from([0, ...docs.map((d) => d.kind)]),
      priors: Float64Array.from([0, ...docs.map((d) => d.prior)]),
      titleWords: [[], ...docs.map((d) => d.title)],
    }));
  // Postings may name documents past the facts (indexed since they were read), repeat one, or
  // weigh one zero: each is read as the plain pass reads it.
  const arbitraryPostings = fc
    .array(
      fc.tuple(
        fc.integer({ min: 0, max: 14 }),
        fc.oneof(fc.constant(0), fc.float({ min: Math.fround(0.01), max: 3, noNaN: true })),
      ),
      { minLength: 6, maxLength: 24 },
    )
    .map((pairs) =>
      decodePostings(
        encodePostings(
          pairs.map((p) => p[0]),
          pairs.map((p) => p[1]),
        ),
      ),
    );
  const arbitraryGroups = fc.array(
    fc.array(
      fc.record({
        weight: fc.double({ min: 0.1, max: 2, noNaN: true }),
        postings: arbitraryPostings,
      }),
      { minLength: 1, maxLength: 3 },
    ),
    { minLength: 1, maxLength: 3 },
  );

  it("gives the same order and counts, whatever the query and the kinds asked for", () => {
    fc.assert(
      fc.property(
        arbitraryFacts,
        arbitraryGroups,
        fc.array(fc.subarray(TITLE_WORDS, { minLength: 1 }), { maxLength: 3 }),
        fc.subarray([...KIND_ORDER], { minLength: 1 }),
        (facts, groups, titleSets, kinds) => {
          const words = titleSets.map((set) => new Set(set));
          const wanted = new Set(kinds);
          const expected = rankEveryDocument(facts, groups, words, wanted);
          // Twice on the same facts: what one ranking leaves behind must not change the next.
          for (let i = 0; i < 2; i++) {
            const { order, matched, counts } = rankDocuments(facts, groups, words, wanted);
            expect({ order, counts }).toEqual(expected);
            expect([...matched].sort((a, b) => a - b)).toEqual(
              [...expected.order].sort((a, b) => a - b),
            );
          }
          // Asked for the first few, it gives the same first few.
          for (const first of [0, 1, 3])
            expect(rankDocuments(facts, groups, words, wanted, first).order).toEqual(
              expected.order.slice(0, first),
            );
        },
      ),
      { numRuns: propertyRuns(400) },
    );
  });
});
