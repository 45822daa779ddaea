import { closeYear, tombstoneWords } from "./tombstone.ts";

describe("a tombstone's words", () => {
  it.each([
    ["Sell-Side Advisory", "has been acquired by", "Sell-side advisor"],
    ["Buy-Side Advisory", "has acquired", "Buy-side advisor"],
    ["Capital Raising", "has raised capital from", "Placement agent"],
    ["Restructuring", "has completed a restructuring with", "Restructuring advisor"],
    ["Valuation & Fairness Opinions", "has merged with", "Fairness opinion"],
    [" sell-side advisory ", "has been acquired by", "Sell-side advisor"],
  ])("for %s: %s, as %s", (service, verb, role) => {
    expect(tombstoneWords(service)).toEqual({ verb, role });
  });

  it("keep another firm's own service as the role, and say little without one", () => {
    expect(tombstoneWords("Debt Advisory")).toEqual({
      verb: "transaction with",
      role: "Debt Advisory",
    });
    expect(tombstoneWords(null)).toEqual({ verb: "transaction with", role: "" });
    expect(tombstoneWords("")).toEqual({ verb: "transaction with", role: "" });
  });

  it("print the close year in UTC, as the deal pages date it", () => {
    expect(closeYear("2026-01-01T00:00:00Z")).toBe("2026");
    expect(closeYear("2025-12-31T23:59:59.9999999Z")).toBe("2025");
  });
});
