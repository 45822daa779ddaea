import { describe, expect, it } from "vitest";
import type { IndustryTaxon } from "./industries.ts";
import { ROOT_PARENT_ID } from "../../rules/taxonomies.ts";
import { createGroupResolver, groupOfIndustries, topLevelGroups } from "./industries.ts";

const taxon = (
  Id: string,
  Title: string,
  ParentId = ROOT_PARENT_ID,
  Ordinal = 0,
): IndustryTaxon => ({
  Id,
  Title,
  ParentId,
  Ordinal,
});

const TAXA: IndustryTaxon[] = [
  taxon("a0000000-0000-0000-0000-000000000001", "Technology", ROOT_PARENT_ID, 2),
  taxon("a0000000-0000-0000-0000-000000000002", "Healthcare", ROOT_PARENT_ID, 1),
  taxon(
    "b0000000-0000-0000-0000-000000000001",
    "Medical Devices",
    "a0000000-0000-0000-0000-000000000002",
  ),
  taxon(
    "c0000000-0000-0000-0000-000000000001",
    "Orthopedics",
    "b0000000-0000-0000-0000-000000000001",
  ),
  taxon("d0000000-0000-0000-0000-000000000001", "Orphan", "ffffffff-0000-0000-0000-000000000000"),
  taxon("e0000000-0000-0000-0000-000000000001", "Loop A", "e0000000-0000-0000-0000-000000000002"),
  taxon("e0000000-0000-0000-0000-000000000002", "Loop B", "e0000000-0000-0000-0000-000000000001"),
  taxon("e0000000-0000-0000-0000-000000000003", "Self", "e0000000-0000-0000-0000-000000000003"),
];

const healthcare = { id: "a0000000-0000-0000-0000-000000000002", title: "Healthcare" };

describe("topLevelGroups", () => {
  it("offers only the top-level industries, in the editors' order", () => {
    expect(topLevelGroups(TAXA)).toEqual([
      healthcare,
      { id: "a0000000-0000-0000-0000-000000000001", title: "Technology" },
    ]);
  });
});

describe("createGroupResolver", () => {
  const resolve = createGroupResolver(TAXA);

  it("resolves a top-level industry to itself", () => {
    expect(resolve(healthcare.id)).toEqual(healthcare);
  });

  it("resolves a child and a grandchild to their top-level ancestor", () => {
    expect(resolve("b0000000-0000-0000-0000-000000000001")).toEqual(healthcare);
    expect(resolve("c0000000-0000-0000-0000-000000000001")).toEqual(healthcare);
  });

  it("matches ids whatever their letter case", () => {
    expect(resolve("C0000000-0000-0000-0000-000000000001")).toEqual(healthcare);
  });

  it("gives no group for an unknown id or a missing parent", () => {
    expect(resolve("99999999-0000-0000-0000-000000000000")).toBeNull();
    expect(resolve("d0000000-0000-0000-0000-000000000001")).toBeNull();
  });

  it("stops on a cycle instead of looping forever", () => {
    expect(resolve("e0000000-0000-0000-0000-000000000001")).toBeNull();
    expect(resolve("e0000000-0000-0000-0000-000000000003")).toBeNull();
  });
});

describe("groupOfIndustries", () => {
  const resolve = createGroupResolver(TAXA);

  it("uses the first industry only", () => {
    expect(
      groupOfIndustries(
        ["c0000000-0000-0000-0000-000000000001", "a0000000-0000-0000-0000-000000000001"],
        resolve,
      ),
    ).toEqual(healthcare);
  });

  it("gives no group to a transaction without industries", () => {
    expect(groupOfIndustries([], resolve)).toBeNull();
  });
});
