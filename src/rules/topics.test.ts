import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { LETTERS, OTHER, foldLetter, sortTopics } from "./topics.ts";
import { itReturns } from "../../tests/helpers/table.ts";

describe("foldLetter", () => {
  itReturns(foldLetter, "files %j under %j", [
    ["Acquisitions", "a"],
    ["acquisitions", "a"],
    ["Énergie", "e"],
    ["énergie", "e"],
    ["E\u0301nergie (decomposed)", "e"],
    ["Ökonomie", "o"],
    ["Ñandú", "n"],
    ["İstanbul", "i"],
    ["ılık (Turkish dotless i)", "i"],
    ["ẞtraße (capital sharp s)", "s"],
    ["ßtraße", "s"],
    ["Æsir", "a"],
    ["Œuvre", "o"],
    ["Øresund", "o"],
    ["Łódź", "l"],
    ["  Leading spaces", "l"],
    ["\u00a0\tNon-breaking space", "n"],
    ["2024 outlook", OTHER],
    ["9", OTHER],
    ["", OTHER],
    ["   ", OTHER],
    ["\u0301 lone combining mark", OTHER],
    ["📈 Markets", OTHER],
    ["“Quoted” title", OTHER],
    ["$ Dollar", OTHER],
    ["Ａ fullwidth (not folded by NFD)", OTHER],
    ["Δέλτα (Greek)", OTHER],
    ["日本", OTHER],
  ]);

  it("folds a title starting with an ASCII letter to that letter in lower case", () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[A-Za-z]/), (title) => {
        expect(foldLetter(title)).toBe(title[0]!.toLowerCase());
      }),
    );
  });

  it("always answers one of the 27 buttons", () => {
    fc.assert(
      fc.property(fc.string({ unit: "grapheme" }), (title) => {
        expect([...LETTERS, OTHER]).toContain(foldLetter(title));
      }),
    );
  });
});

describe("sortTopics", () => {
  const t = (Name: string, Id = Name) => ({ Id, Name });

  it("sorts by Name ignoring case and accents", () => {
    const names = sortTopics([t("zeta"), t("Énergie"), t("alpha"), t("Beta"), t("eagle")]);
    expect(names.map((x) => x.Name)).toEqual(["alpha", "Beta", "eagle", "Énergie", "zeta"]);
  });

  it("orders Names equal but for case and accents by code point, then by Id", () => {
    const sorted = sortTopics([t("resume", "2"), t("Résumé"), t("RESUME"), t("resume", "1")]);
    expect(sorted).toEqual([t("RESUME"), t("Résumé"), t("resume", "1"), t("resume", "2")]);
  });

  it("gives the same order whatever order the API sends", () => {
    fc.assert(
      fc.property(fc.array(fc.record({ Id: fc.uuid(), Name: fc.string() })), (topics) => {
        expect(sortTopics([...topics].reverse())).toEqual(sortTopics(topics));
      }),
    );
  });

  it("does not change its input", () => {
    const input = [t("b"), t("a")];
    sortTopics(input);
    expect(input.map((x) => x.Name)).toEqual(["b", "a"]);
  });
});
