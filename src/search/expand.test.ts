import { describe, expect, it } from "vitest";
import {
  appliedCorrection,
  buildVocabulary,
  correctedQuery,
  expandQuery,
  MATCH_FACTOR,
  rarity,
  type Vocabulary,
} from "./expand.ts";
import { parseQuery } from "./query.ts";

const vocabulary: Vocabulary = buildVocabulary(
  [
    ["acquisition", 40, 5],
    ["acquisitions", 10, 2],
    ["recapitalization", 30, 0],
    ["recapitalizations", 5, 5],
    ["harbor", 12, 12],
    ["arbor", 8, 0],
    ["keystone", 19, 19],
    ["debt", 4, 4],
  ].map(([word, docs, titleDocs]) => ({
    word: word as string,
    docs: docs as number,
    titleDocs: titleDocs as number,
  })),
  100,
);

const expanded = (text: string, titles = false) =>
  Object.fromEntries(
    expandQuery(vocabulary, parseQuery(text), { titles })
      .flat()
      .map((e) => [e.word, e.weight]),
  );
const weight = (factor: number, docs: number) => factor * rarity(docs, 100);

describe("expandQuery", () => {
  it("stands a word for itself first, then its stem's words, then typos", () => {
    expect(expanded("acquisition ")).toEqual({
      acquisition: weight(MATCH_FACTOR.exact, 40),
      acquisitions: weight(MATCH_FACTOR.stem, 10),
    });
    expect(expanded("acqusition ")).toEqual({
      acquisition: weight(MATCH_FACTOR.typo[1], 40),
      acquisitions: weight(MATCH_FACTOR.typo[2], 10),
    });
  });

  it("lets the unfinished last word stand for the words it begins", () => {
    expect(Object.keys(expanded("recapitaliz"))).toEqual(["recapitalization", "recapitalizations"]);
    expect(expanded("recapitaliz ")).toEqual({});
  });

  it("counts a dropped first letter as one typo, and forgives none in four letters", () => {
    expect(Object.keys(expanded("harbor "))).toEqual(["harbor", "arbor"]);
    expect(expanded("dbet ")).toEqual({});
  });

  it("tells the words found only as typos from those found as typed, and can leave them out", () => {
    const typos = (text: string) =>
      expandQuery(vocabulary, parseQuery(text))
        .flat()
        .map((e) => [e.word, e.isTypo]);
    expect(typos("acquisition ")).toEqual([
      ["acquisition", false],
      ["acquisitions", false],
    ]);
    expect(typos("acqusition ")).toEqual([
      ["acquisition", true],
      ["acquisitions", true],
    ]);
    const asTyped = (text: string) =>
      expandQuery(vocabulary, parseQuery(text), { typos: false }).map((g) => g.map((e) => e.word));
    expect(asTyped("acqusition ")).toEqual([[]]);
    expect(asTyped("acquisition recapitaliz")).toEqual([
      ["acquisition", "acquisitions"],
      ["recapitalization", "recapitalizations"],
    ]);
  });

  it("looks only at words in titles for suggestions, weighing them by how many titles hold them", () => {
    expect(expanded("recapitaliz", true)).toEqual({
      recapitalizations: weight(MATCH_FACTOR.prefix, 5),
    });
  });
});

describe("correctedQuery", () => {
  it("replaces each word not stored by the nearest stored word, allowing one typo more", () => {
    expect(correctedQuery(vocabulary, parseQuery("kystne acquisition"))).toBe(
      "keystone acquisition",
    );
    expect(correctedQuery(vocabulary, parseQuery("keystone"))).toBeNull();
    expect(correctedQuery(vocabulary, parseQuery("zzqxv"))).toBeNull();
  });
});

describe("appliedCorrection", () => {
  const applied = (text: string, isFound?: (word: string) => boolean) => {
    const query = parseQuery(text);
    return appliedCorrection(query, expandQuery(vocabulary, query), isFound);
  };

  it("reads each word found only as a typo as the nearest, most common stored word", () => {
    expect(applied("keystnoe")).toBe("keystone");
    expect(applied("keystnoe acquisition")).toBe("keystone acquisition");
    // `xarbor` is one typo from both harbor (in more documents) and arbor.
    expect(applied("xarbor ")).toBe("harbor");
  });

  it("reads a typo as a word that the results hold", () => {
    expect(applied("xarbor ", (word) => word === "arbor")).toBe("arbor");
  });

  it("corrects nothing that was found as typed, by its stem or as a beginning", () => {
    expect(applied("keystone")).toBeNull();
    expect(applied("acquisitions ")).toBeNull();
    expect(applied("recapitaliz")).toBeNull();
    expect(applied("zzqxv")).toBeNull();
  });
});
