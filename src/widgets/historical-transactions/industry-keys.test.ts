import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { groupIds, groupKeys, industrySummary, keyGroups } from "./industry-keys.ts";

const HEALTH = "a0000000-0000-4000-8000-000000000001";
const TECH = "a0000000-0000-4000-8000-000000000002";
const OTHER = "a0000000-0000-4000-8000-000000000003";
const GROUPS = [
  { id: HEALTH, title: "Healthcare" },
  { id: TECH, title: "Technology" },
  { id: OTHER, title: "Other" },
];
const taxa = (...urlNames: unknown[]) =>
  GROUPS.map((group, i) => ({ Id: group.id.toUpperCase(), UrlName: urlNames[i] }));
const KEYED = keyGroups(GROUPS, taxa("healthcare", "Technology", "other"));

describe("industry group keys", () => {
  it("names a group by its UrlName, lower case", () => {
    expect(KEYED.map((group) => group.key)).toEqual(["healthcare", "technology", "other"]);
    expect(KEYED[0]).toEqual({ id: HEALTH, title: "Healthcare", key: "healthcare" });
  });

  it.each([
    ["no UrlName", [undefined, "technology", "other"], [HEALTH, "technology", "other"]],
    ["an empty UrlName", ["", "technology", "other"], [HEALTH, "technology", "other"]],
    ["a UrlName an address cannot hold", ["a b", "x/y", "other"], [HEALTH, TECH, "other"]],
    ["a UrlName that another group has", ["same", "Same", "other"], ["same", TECH, "other"]],
    [
      "a UrlName that is another group's id",
      [TECH, "technology", "other"],
      [HEALTH, "technology", "other"],
    ],
  ])("falls back to the id for %s", (_, urlNames, keys) => {
    expect(keyGroups(GROUPS, taxa(...urlNames)).map((group) => group.key)).toEqual(keys);
  });

  it("reads a group by its key or by its id, in any case, in the groups' order", () => {
    expect(groupKeys(["TECHNOLOGY", HEALTH.toUpperCase()], KEYED)).toEqual([
      "healthcare",
      "technology",
    ]);
    expect(groupIds(["technology", HEALTH], KEYED)).toEqual([HEALTH, TECH]);
  });

  it("drops a name no group has, and a group named twice counts once", () => {
    expect(groupKeys(["gone", "healthcare", HEALTH], KEYED)).toEqual(["healthcare"]);
    expect(groupIds(["gone"], KEYED)).toEqual([]);
  });

  it("reads back every key and every id it gives", () => {
    fc.assert(
      fc.property(fc.subarray(KEYED), fc.boolean(), (picked, byId) => {
        const names = picked.map((group) => (byId ? group.id : group.key));
        expect(groupKeys(names, KEYED)).toEqual(picked.map((group) => group.key));
        expect(groupIds(names, KEYED)).toEqual(picked.map((group) => group.id));
      }),
    );
  });

  it.each([
    [[], "Any group"],
    [["healthcare"], "1 of 3 selected"],
    [["healthcare", TECH, "gone"], "2 of 3 selected"],
    [["healthcare", "technology", "other"], "All 3 selected"],
  ])("sums up %j as %s", (names, text) => {
    expect(industrySummary(names, KEYED)).toBe(text);
  });
});
