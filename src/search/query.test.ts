import { describe, expect, it } from "vitest";
import { MAX_QUERY, parseQuery, readingKey } from "./query.ts";

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

  it("tells text worth searching from none, stop words alone included", () => {
    expect(parseQuery(" é ").hasText).toBe(true);
    expect(parseQuery("the").hasText).toBe(true);
    expect(parseQuery("the").words).toEqual([]);
    expect(parseQuery(" -- ").hasText).toBe(false);
  });

  it("keeps the text as typed up to its longest, and reads nothing past it", () => {
    const long = `${"a ".repeat(MAX_QUERY / 2)}keystone`;
    expect(parseQuery(long).text).toHaveLength(MAX_QUERY);
    expect(parseQuery(long).words).not.toContain("keystone");
  });

  it("gives one key to queries read alike, and tells a finished word from one being typed", () => {
    expect(readingKey(parseQuery("Économie, the"))).toBe(readingKey(parseQuery("economie ")));
    expect(readingKey(parseQuery("keys"))).not.toBe(readingKey(parseQuery("keys ")));
  });
});
