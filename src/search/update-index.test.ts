import { describe, expect, it } from "vitest";
import { buildSearchIndex, indexDocument, type SearchSource } from "./build-index.ts";
import { decodePostings } from "./postings.ts";
import { updatedWords } from "./update-index.ts";

const source = (ref: string, title: string, body = ""): SearchSource => ({
  kind: "deal",
  ref,
  title,
  keywords: [],
  body,
  date: "2024-01-01T00:00:00Z",
  size: null,
});

describe("updatedWords", () => {
  const { words, stats } = buildSearchIndex([
    source("acme", "Acme Corp.", "Sold to Zenith."),
    source("bolt", "Bolt Inc.", "Sold to Zenith."),
  ]);
  const byWord = (rows: { Word: string; Postings: Uint8Array; TitlePostings: Uint8Array }[]) =>
    Object.fromEntries(
      rows.map((r) => [
        r.Word,
        [...decodePostings(r.Postings).docIds, "|", ...decodePostings(r.TitlePostings).docIds],
      ]),
    );

  it("takes a removed document out of its words, drops words no one holds, and files the new one", () => {
    const added = indexDocument(source("acme", "Acme Robotics", "Sold to Zenith."), 3, stats);
    const { rows, emptied } = updatedWords(words, new Set([1]), [added]);
    expect(emptied).toEqual(["corp"]);
    expect(byWord(rows)).toMatchObject({
      acme: [3, "|", 3],
      robotics: [3, "|", 3],
      zenith: [2, 3, "|"],
      bolt: [2, "|", 2],
    });
  });

  it("weighs a document filed alone as a full build weighs it", () => {
    const again = indexDocument(source("acme", "Acme Corp.", "Sold to Zenith."), 1, stats);
    const { rows } = updatedWords(words, new Set([1]), [again]);
    const weight = (rs: typeof words, w: string) => {
      const p = decodePostings(rs.find((r) => r.Word === w)!.Postings);
      return p.weights[Array.from(p.docIds).indexOf(1)];
    };
    for (const w of ["acme", "corp", "zenith"]) expect(weight(rows, w)).toBe(weight(words, w));
  });
});
