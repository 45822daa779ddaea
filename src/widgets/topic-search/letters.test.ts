import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { LETTERS, OTHER, foldLetter, sortTopics } from "../../rules/topics.ts";
import { groupTopics, letterCounts, parseLetter, topicHref } from "./letters.ts";
import { itReturns } from "../../../tests/helpers/table.ts";

const topicArb = fc.record({
  Id: fc.uuid(),
  Title: fc.oneof(fc.string({ unit: "grapheme" }), fc.stringMatching(/^[A-Za-zÉéÖ0-9 ]{1,8}$/)),
  Name: fc.string({ unit: "grapheme" }),
});

describe("groupTopics", () => {
  it("puts every topic in exactly one group, the one of its folded letter", () => {
    fc.assert(
      fc.property(fc.array(topicArb), (topics) => {
        const groups = groupTopics(topics);
        const all = Object.values(groups).flat();
        expect(all).toHaveLength(topics.length);
        for (const topic of topics) {
          const holding = Object.entries(groups).filter(([, g]) => g.includes(topic));
          expect(holding.map(([l]) => l)).toEqual([foldLetter(topic.Title)]);
        }
      }),
    );
  });

  it("keeps each group in the sorted order", () => {
    fc.assert(
      fc.property(fc.array(topicArb), (topics) => {
        const sorted = sortTopics(topics);
        for (const group of Object.values(groupTopics(sorted))) {
          const positions = group.map((t) => sorted.indexOf(t));
          expect(positions).toEqual([...positions].sort((a, b) => a - b));
        }
      }),
    );
  });

  it("has an empty group for a letter with no topic", () => {
    const groups = groupTopics([{ Title: "Banking" }]);
    expect(groups.b).toEqual([{ Title: "Banking" }]);
    expect(groups.q).toEqual([]);
    expect(groups[OTHER]).toEqual([]);
  });
});

describe("letterCounts", () => {
  it("lists a to z, and # only when a topic needs it", () => {
    const without = letterCounts(groupTopics([{ Title: "Alpha" }, { Title: "Amber" }]));
    expect(without.map((c) => c.letter)).toEqual([...LETTERS]);
    expect(without[0]).toEqual({ letter: "a", count: 2 });
    const withOther = letterCounts(groupTopics([{ Title: "2024" }]));
    expect(withOther.map((c) => c.letter)).toEqual([...LETTERS, OTHER]);
    expect(withOther.at(-1)).toEqual({ letter: OTHER, count: 1 });
  });
});

describe("parseLetter", () => {
  itReturns(parseLetter, "reads %j as %j", [
    ["#b", "b"],
    ["#B", "b"],
    ["b", "b"],
    ["?letter=c", "c"],
    ["?page=2&letter=D", "d"],
    ["?letter=%20e%20", "e"],
    ["#%23", OTHER],
    ["##", OTHER],
    ["?letter=%23", OTHER],
    ["", null],
    ["#", null],
    ["#main", null],
    ["#bb", null],
    ["#1", null],
    ["#é", null],
    ["#%E0%A4%A", null],
    ["?letter=", null],
    ["?letters=b", null],
    ["?letter=ab", null],
  ]);

  it("never throws, whatever the address holds", () => {
    fc.assert(
      fc.property(fc.string(), (s) => {
        parseLetter(s);
        parseLetter(`#${s}`);
        parseLetter(`?${s}`);
      }),
    );
  });
});

describe("topicHref", () => {
  const path =
    "/latest-articles-commentary/featured-articles-commentary/all-articles-and-commentary/-in-tags/tags/";

  it.each([
    ["", "mergers", `${path}mergers`],
    ["https://firm.example", "mergers", `https://firm.example${path}mergers`],
    ["https://firm.example/", "mergers", `https://firm.example${path}mergers`],
    ["", "private equity & debt", `${path}private%20equity%20%26%20debt`],
    ["", "énergie?x=1#y", `${path}%C3%A9nergie%3Fx%3D1%23y`],
  ])("links base %j and UrlName %j to %j", (base, urlName, href) => {
    expect(topicHref(base, urlName)).toBe(href);
  });
});
