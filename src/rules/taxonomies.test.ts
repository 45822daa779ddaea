import { describe, expect, it } from "vitest";
import { findTaxonomy, isGuid } from "./taxonomies.ts";
import { itReturns } from "../../tests/helpers/table.ts";

describe("findTaxonomy", () => {
  const taxonomies = [
    { Id: "1", Name: "Tags" },
    { Id: "2", Name: "Industries" },
    { Id: "3", Name: "Regions" },
  ];

  it.each([
    ["industries", "2"],
    ["INDUSTRIES", "2"],
    ["Tags", "1"],
    ["tags", "1"],
    ["Sectors", undefined],
  ])("finds %j by Name without regard to case", (name, id) => {
    expect(findTaxonomy(taxonomies, name)?.Id).toBe(id);
  });

  it("skips taxonomies without a readable Name", () => {
    expect(findTaxonomy([{ Name: null as unknown as string }, { Name: "Tags" }], "tags")).toEqual({
      Name: "Tags",
    });
  });
});

describe("isGuid", () => {
  itReturns(isGuid, "%j is a GUID: %s", [
    ["cb0f3a19-a211-48a7-88ec-77495c0f5374", true],
    ["CB0F3A19-A211-48A7-88EC-77495C0F5374", true],
    ["cb0f3a19-a211-48a7-88ec-77495c0f537", false],
    ["cb0f3a19-a211-48a7-88ec-77495c0f5374) or (true", false],
    [42, false],
  ]);
});
