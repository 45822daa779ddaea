import { describe } from "vitest";
import { foldText } from "./fold-text.ts";
import { itReturns } from "../../tests/helpers/table.ts";

describe("letter folding", () => {
  itReturns(foldText, "folds %j to %j", [
    ["Économie", "economie"],
    ["ÉCONOMIE", "economie"],
    ["Straße Øresund Æsir", "strasse oresund aesir"],
    ["Ｆｕｌｌｗｉｄｔｈ", "fullwidth"],
    ["plain ascii", "plain ascii"],
  ]);
});
