import type { Person } from "../content/site.ts";
import { monogram, peopleOfGroup } from "./people.ts";
import { itReturns } from "../../tests/helpers/table.ts";

const someone = (name: string, groups: string[]): Person => ({
  name,
  title: "Partner",
  groups,
  email: "a@b.com",
  phone: "+1 212 555 0100",
  biography: "",
});

describe("people", () => {
  itReturns(monogram, "draws %s as %s", [
    ["Margit Halvorsen", "MH"],
    ["Daniel A. Okafor", "DO"],
    ["élodie martin", "ÉM"],
    ["Cher", "C"],
    ["  Anna   van der Berg ", "AB"],
  ]);

  it("finds a group's people by its UrlName, whatever its case, in the site's order", () => {
    const people = [
      someone("A", ["healthcare"]),
      someone("B", []),
      someone("C", ["Healthcare", "technology"]),
    ];
    expect(peopleOfGroup(people, "healthcare").map((p) => p.name)).toEqual(["A", "C"]);
    expect(peopleOfGroup(people, "industrials")).toEqual([]);
  });
});
