import { comparePeople, monogram, structuredName } from "./people.ts";
import { itReturns } from "../../tests/helpers/table.ts";

describe("people", () => {
  itReturns(monogram, "draws %s as %s", [
    ["Margit Halvorsen", "MH"],
    ["Daniel A. Okafor", "DO"],
    ["élodie martin", "ÉM"],
    ["Cher", "C"],
    ["  Anna   van der Berg ", "AB"],
  ]);

  it("takes the type's FirstName and LastName when it has them", () => {
    expect(
      structuredName({ Title: "Anna van der Berg", FirstName: "Anna", LastName: "van der Berg" }),
    ).toEqual({ given: "Anna", family: "van der Berg" });
  });

  it("takes the last word of the full name as the surname without them", () => {
    expect(structuredName({ Title: "  Daniel A.  Okafor " })).toEqual({
      given: "Daniel A.",
      family: "Okafor",
    });
    expect(structuredName({ Title: "Cher" })).toEqual({ given: "", family: "Cher" });
  });

  it("orders by Ordinal, those without one last, then by surname whatever its case", () => {
    const people = [
      { Title: "Zoë Adams" },
      { Title: "Beth Young", Ordinal: 2 },
      { Title: "Carl zimmer" },
      { Title: "Al Brown", Ordinal: 1 },
      { Title: "Ann Yi", Ordinal: 2 },
      { Title: "Ed Ávila" },
    ];
    expect(people.sort(comparePeople).map((p) => p.Title)).toEqual([
      "Al Brown",
      "Ann Yi",
      "Beth Young",
      "Zoë Adams",
      "Ed Ávila",
      "Carl zimmer",
    ]);
  });
});
