import { describe, expect, it } from "vitest";
import { hasSearchText, parseQuery } from "./search-query.ts";

describe("parseQuery", () => {
  it.each([
    ["Keystone Networks Co.", ["keystone", "networks", "co"], true],
    ['"due" AND dili* NEAR(x)', ["due", "dili", "near", "x"], true],
    ["keystone ", ["keystone"], false],
    ["sale of", ["sale"], false],
    ["Économie économie", ["economie"], true],
    ["*** ()", [], false],
  ])("reads %j as %j (last word unfinished: %s)", (text, words, isLastPrefix) => {
    const query = parseQuery(text);
    expect(query.words).toEqual(words);
    expect(query.isLastPrefix).toBe(isLastPrefix);
    expect(query.key).toBe(words.join(" "));
  });

  it("keeps at most eight words of at most forty letters", () => {
    const query = parseQuery(
      `${"x".repeat(60)} ${Array.from({ length: 12 }, (_, i) => `w${i}`).join(" ")}`,
    );
    expect(query.words).toHaveLength(8);
    expect(query.words[0]).toHaveLength(40);
  });

  it("tells text worth searching from none", () => {
    expect(hasSearchText(" é ")).toBe(true);
    expect(hasSearchText(" -- ")).toBe(false);
  });
});
