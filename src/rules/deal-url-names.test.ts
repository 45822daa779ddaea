import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { dealUrlNames, slugify } from "./deal-url-names.ts";
import { itReturns } from "../../tests/helpers/table.ts";

const deal = (Id: string, Company: string, Date: string, UrlName?: string) => ({
  Id,
  Company,
  Date,
  UrlName,
});

describe("deal UrlNames", () => {
  itReturns(slugify, "slugs %j as %j", [
    ["Keystone Networks Co.", "keystone-networks-co"],
    ["Calder & Rowe", "calder-and-rowe"],
    ["Société Générale Capital", "societe-generale-capital"],
    ["  --  ", ""],
  ]);

  it("gives the bare slug to the earliest deal of a client, the year to later ones, the Id within a year", () => {
    const names = dealUrlNames([
      deal("c", "Acme", "2024-05-01T00:00:00Z"),
      deal("b", "Acme", "2021-01-01T00:00:00Z"),
      deal("a", "ACME!", "2024-09-01T00:00:00Z"),
      deal("d", "Zenith", "2020-01-01T00:00:00Z", "acme"),
      deal("e", "---", "2020-01-01T00:00:00Z"),
    ]);
    expect(names).toEqual(["acme-2024", "acme-2021", "acme-2024-a", "acme", "deal"]);
  });

  it("never changes an existing deal's name when a later deal of the same client arrives", () => {
    const first = [deal("a", "Acme", "2021-01-01T00:00:00Z")];
    const more = [...first, deal("b", "Acme", "2025-01-01T00:00:00Z")];
    expect(dealUrlNames(more)[0]).toBe(dealUrlNames(first)[0]);
  });

  it("gives unique names, the same for the same file, whatever the clients are called", () => {
    const deals = fc.array(
      fc.record({
        Id: fc.uuid(),
        Company: fc.constantFrom("Acme", "acme", "Acme Inc.", "Zenith", "é", "&"),
        Date: fc.constantFrom("2020-01-01T00:00:00Z", "2021-06-01T00:00:00Z"),
        UrlName: fc.option(fc.constantFrom("acme", "acme-2020", "zenith"), { nil: undefined }),
      }),
      { maxLength: 30 },
    );
    fc.assert(
      fc.property(deals, (list) => {
        const given = list.filter((d) => d.UrlName).map((d) => d.UrlName!.toLowerCase());
        fc.pre(new Set(given).size === given.length);
        fc.pre(new Set(list.map((d) => d.Id)).size === list.length);
        const names = dealUrlNames(list);
        expect(new Set(names.map((n) => n.toLowerCase())).size).toBe(names.length);
        expect(dealUrlNames(list)).toEqual(names);
      }),
    );
  });
});
