import { afterEach, describe, expect, it } from "vitest";
import { createSearch } from "../../search/engine.ts";
import { tempDatabase } from "../../../tests/helpers/temp-db.ts";
import { generateContent } from "../demo/generate.ts";
import { searchRepository } from "./search-repository.ts";
import { updateSearchIndex } from "./search-index-repository.ts";

// A visitor who types a banker's name finds their profile: in the results, as a kind of its own,
// and in the search bar's suggestions; a person renamed or gone is found as a full build would.
let cleanup = async () => {};
afterEach(() => cleanup());

const content = generateContent({ transactions: 60, articles: 30 });
const person = content.people.find((p) => p.UrlName === "priya-raman")!;

describe("people in the site search", () => {
  it("finds a banker by name, as a Person, first, and suggests them", async () => {
    const temp = await tempDatabase(content);
    cleanup = temp.cleanup;
    const search = createSearch(searchRepository(temp.db));
    const found = await search.search("priya raman");
    expect(found.hits[0]).toMatchObject({ kind: "person", ref: "priya-raman" });
    expect(found.counts.person).toBe(1);
    const byKind = await search.search("raman", { kinds: ["person"] });
    expect(byKind.hits.map((h) => h.ref)).toEqual(["priya-raman"]);
    const suggested = await search.suggest("priya");
    expect(suggested.map((s) => [s.kind, s.ref])).toContainEqual(["person", "priya-raman"]);
  });

  it("finds a renamed banker by the new name only, and a departed one no more", async () => {
    const temp = await tempDatabase(content);
    cleanup = temp.cleanup;
    const gone = content.people.find((p) => p.UrlName === "thomas-lindgren")!;
    // The rows change behind the index, which is then updated for those two alone.
    await temp.db.kysely.transaction().execute(async (tx) => {
      await tx
        .updateTable("people")
        .set({ Title: "Priya Raman-Okonkwo", LastName: "Raman-Okonkwo" })
        .where("Id", "=", person.Id)
        .execute();
      await tx.deleteFrom("transaction_team").where("PersonId", "=", gone.Id).execute();
      await tx.deleteFrom("person_industries").where("PersonId", "=", gone.Id).execute();
      await tx.deleteFrom("people").where("Id", "=", gone.Id).execute();
      await updateSearchIndex(tx, { deals: [], articles: [], people: [person.Id, gone.Id] });
    });
    const search = createSearch(searchRepository(temp.db));
    expect((await search.search("okonkwo")).hits[0]).toMatchObject({ kind: "person" });
    expect((await search.search("lindgren", { kinds: ["person"] })).hits).toEqual([]);
  });
});
