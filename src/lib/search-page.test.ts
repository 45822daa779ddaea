import { describe, expect, it } from "vitest";
import { kindChoices, requestedKind } from "./search-page.ts";

const counts = { deal: 19, topic: 0, article: 2, page: 0 };
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
    expect(shown(kindChoices("zzqxv", { deal: 0, topic: 0, article: 0, page: 0 }, null))).toEqual([
      "All (0) current",
    ]);
  });
});

describe("the search's address", () => {
  const url = (search: string) => new URL(`http://site.test/search${search}`);

  it("asks for one kind, or every kind", () => {
    expect(requestedKind(url("?q=x&kind=deal"))).toBe("deal");
    expect(requestedKind(url("?q=x&kind=person"))).toBeNull();
  });
});
