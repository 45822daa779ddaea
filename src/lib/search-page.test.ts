import { describe, expect, it } from "vitest";
import { correctionNotice, kindChoices, requestedExact, requestedKind } from "./search-page.ts";

const counts = { deal: 19, industry: 0, topic: 0, article: 2, page: 0, person: 0 };
const shown = (choices: ReturnType<typeof kindChoices>) =>
  choices.map((c) => `${c.label} (${c.count})${c.isCurrent ? " current" : ""}`);

describe("the filter by kind", () => {
  it("offers All and only the kinds that found something", () => {
    expect(shown(kindChoices("keystone", counts, null))).toEqual([
      "All (21) current",
      "Deals (19)",
      "Articles (2)",
    ]);
  });

  it("still shows the chosen kind when it found nothing, with All to leave it", () => {
    const choices = kindChoices("keystone", counts, "page");
    expect(shown(choices)).toEqual(["All (21)", "Deals (19)", "Articles (2)", "Pages (0) current"]);
    expect(choices[0]!.href).toBe("/search?q=keystone");
    expect(choices.at(-1)!.href).toBeNull();
  });

  it("offers only All when nothing was found", () => {
    expect(
      shown(
        kindChoices(
          "zzqxv",
          { deal: 0, industry: 0, topic: 0, article: 0, page: 0, person: 0 },
          null,
        ),
      ),
    ).toEqual(["All (0) current"]);
  });

  it("keeps a search for the words as typed in its links", () => {
    const hrefs = kindChoices("keystnoe", counts, "deal", { isExact: true }).map((c) => c.href);
    expect(hrefs).toEqual([
      "/search?q=keystnoe&exact=1",
      null,
      "/search?q=keystnoe&kind=article&exact=1",
    ]);
  });
});

describe("a corrected search", () => {
  it("names the words searched for, and links to the words as typed, its kind kept", () => {
    expect(correctionNotice("keystnoe", "keystone", null)).toEqual({
      words: "keystone",
      asTypedHref: "/search?q=keystnoe&exact=1",
    });
    expect(correctionNotice("keystnoe", "keystone", "deal")?.asTypedHref).toBe(
      "/search?q=keystnoe&kind=deal&exact=1",
    );
  });

  it("says nothing when nothing was corrected", () => {
    expect(correctionNotice("keystone", null, null)).toBeNull();
  });
});

describe("the search's address", () => {
  const url = (search: string) => new URL(`http://site.test/search${search}`);

  it("asks for one kind, or every kind", () => {
    expect(requestedKind(url("?q=x&kind=deal"))).toBe("deal");
    expect(requestedKind(url("?q=x&kind=person"))).toBe("person");
    expect(requestedKind(url("?q=x&kind=banker"))).toBeNull();
  });

  it("asks for the words as typed with exact=1 only", () => {
    expect(requestedExact(url("?q=x&exact=1"))).toBe(true);
    expect(requestedExact(url("?q=x"))).toBe(false);
    expect(requestedExact(url("?q=x&exact=0"))).toBe(false);
  });
});
