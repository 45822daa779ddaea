import { describe, expect, it } from "vitest";
import { foldText } from "./fold-text.ts";

describe("letter folding", () => {
  it.each([
    ["Économie", "economie"],
    ["ÉCONOMIE", "economie"],
    ["Straße Øresund Æsir", "strasse oresund aesir"],
    ["Ｆｕｌｌｗｉｄｔｈ", "fullwidth"],
    ["plain ascii", "plain ascii"],
  ])("folds %j to %j", (text, folded) => {
    expect(foldText(text)).toBe(folded);
  });
});
