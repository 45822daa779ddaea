import { describe, expect, it } from "vitest";
import { calendarDay } from "../rules/date-time.ts";
import {
  closeDate,
  toArticle,
  toDescription,
  toTaxon,
  toTaxonomy,
  toTransaction,
  type MappingSettings,
} from "./map-items.ts";

const ORIGIN = "https://cms.firm.example";
const settings: MappingSettings = {
  industriesField: "Industries",
  tagsField: "Tags",
  descriptionField: "DealDescription",
  timeZone: "Europe/London",
  origin: ORIGIN,
};
const ID = "3f2a9c1e-7b4d-4e5f-8a6b-0c1d2e3f4a5b";
const INDUSTRY = "67467ed5-7c35-4951-b38d-073871acea92";

describe("closeDate: the day the editor picked, at midnight UTC", () => {
  it.each([
    // Summer time: London's midnight is 23:00 UTC the day before, in each form Sitefinity writes.
    ["2026-06-30T23:00:00Z", "Europe/London", "2026-07-01T00:00:00Z"],
    ["2026-06-30T23:00:00.000Z", "Europe/London", "2026-07-01T00:00:00Z"],
    ["2026-06-30T23:00:00.0000000Z", "Europe/London", "2026-07-01T00:00:00Z"],
    // Winter: London is on UTC.
    ["2026-01-15T00:00:00Z", "Europe/London", "2026-01-15T00:00:00Z"],
    ["2026-03-01T05:00:00.1234567Z", "America/New_York", "2026-03-01T00:00:00Z"],
    ["2026-06-30T23:00:00Z", "UTC", "2026-06-30T00:00:00Z"],
  ])("%s in %s -> %s", (value, zone, expected) => {
    expect(closeDate(value, zone)).toBe(expected);
    expect(calendarDay(expected as string)).toBe(calendarDay(value, zone));
  });

  it.each([
    [null, ""],
    [undefined, ""],
    ["soon", "soon"],
    [20260701, 20260701],
  ])("passes %j on for validation to name, as %j", (value, expected) => {
    expect(closeDate(value, "Europe/London")).toBe(expected);
  });
});

describe("toTransaction: a deal of the dynamic type", () => {
  const deal = {
    Id: ID,
    LastModified: "2026-07-02T10:00:00.1234567Z",
    Date: "2026-06-30T23:00:00Z",
    Company: "Acme",
    Size: 12.5,
    Description: "txn-00001",
    UrlName: "acme",
    Title: "Acme deal",
    Industries: [INDUSTRY],
    DealDescription: '<p>See <a href="/our-work">our work</a></p>',
  };

  it("takes the industries from the configured field and the close day in the editors' zone", () => {
    expect(toTransaction(deal, settings)).toEqual({
      Id: ID,
      LastModified: "2026-07-02T10:00:00.1234567Z",
      Date: "2026-07-01T00:00:00Z",
      Company: "Acme",
      Size: 12.5,
      Description: "txn-00001",
      UrlName: "acme",
      industries: [INDUSTRY],
    });
  });

  it("leaves a deal without a UrlName to the import, which makes one from the client's name", () => {
    expect(toTransaction({ ...deal, UrlName: undefined }, settings)).not.toHaveProperty("UrlName");
  });

  it("reads an undisclosed size as null and no industries as none", () => {
    expect(toTransaction({ ...deal, Size: null, Industries: null }, settings)).toMatchObject({
      Size: null,
      industries: [],
    });
  });

  it("keys the description by its Description, with its addresses made absolute", () => {
    expect(toDescription(deal, settings)).toEqual([
      "txn-00001",
      `<p>See <a href="${ORIGIN}/our-work">our work</a></p>`,
    ]);
    expect(toDescription(deal, { ...settings, descriptionField: undefined })).toBeNull();
  });

  it("keys a description by the deal's Id when its Description key is empty", () => {
    const unkeyed = { ...deal, Description: null };
    expect(toTransaction(unkeyed, settings).Description).toBe(ID);
    expect(toDescription(unkeyed, settings)?.[0]).toBe(ID);
    expect(toTransaction(unkeyed, { ...settings, descriptionField: undefined }).Description).toBe(
      "",
    );
  });
});

describe("toTransaction: the deal's counterparty and service", () => {
  const facts = { ...settings, counterpartyField: "Buyer", serviceField: "OurRole" };
  const deal = {
    Id: ID,
    LastModified: "2026-07-02T10:00:00Z",
    Date: "2026-06-30T23:00:00Z",
    Company: "Acme",
    Size: null,
    Description: "txn-00001",
    Industries: [INDUSTRY],
    Buyer: "Crescent Equity",
    OurRole: "Sell-Side Advisory",
  };
  const held = { Counterparty: "Held Buyer", Service: "Buy-Side Advisory" };

  it("takes them from the fields the settings name", () => {
    expect(toTransaction(deal, facts, held)).toMatchObject({
      Counterparty: "Crescent Equity",
      Service: "Sell-Side Advisory",
    });
  });

  it("reads an empty field as none, whatever this site held, and trims a value", () => {
    const mapped = toTransaction(
      { ...deal, Buyer: null, OurRole: "  Capital Raising " },
      facts,
      held,
    );
    expect(mapped).not.toHaveProperty("Counterparty");
    expect(mapped.Service).toBe("Capital Raising");
    for (const empty of ["", "   ", undefined])
      expect(toTransaction({ ...deal, OurRole: empty }, facts)).not.toHaveProperty("Service");
  });

  it("passes a value that is not text on, for validation to name (a Choices field's number)", () => {
    expect(toTransaction({ ...deal, OurRole: 4 }, facts).Service).toBe(4);
  });

  it("keeps what this site holds when the settings name no field, and has none of its own", () => {
    expect(toTransaction(deal, settings, held)).toMatchObject(held);
    const none = toTransaction(deal, settings);
    expect(none).not.toHaveProperty("Counterparty");
    expect(none).not.toHaveProperty("Service");
  });
});

describe("toArticle: a news item", () => {
  it("keeps the fields the site shows, with Tags from the configured field and absolute addresses", () => {
    const item = {
      Id: ID,
      LastModified: "2026-07-02T10:00:00Z",
      Title: "Outlook",
      UrlName: "outlook",
      PublicationDate: "2026-07-01T08:30:00Z",
      Summary: null,
      Content: '<p><img src="/images/a.png" alt="A"></p>',
      Author: "Editors",
      Keywords: [INDUSTRY],
    };
    expect(toArticle(item, { ...settings, tagsField: "Keywords" })).toEqual({
      Id: ID,
      LastModified: "2026-07-02T10:00:00Z",
      Title: "Outlook",
      UrlName: "outlook",
      PublicationDate: "2026-07-01T08:30:00Z",
      Summary: "",
      Content: `<p><img alt="A" src="${ORIGIN}/images/a.png" /></p>`,
      Tags: [INDUSTRY],
    });
  });
});

describe("toTaxonomy and toTaxon", () => {
  it.each([
    ["Industries", "industries", "Industries"],
    ["Sectors", "industries", "industries"],
    ["tags", "tags", "tags"],
    ["Keywords", "tags", "Tags"],
  ] as const)("a taxonomy named %s in the role %s is kept as %s", (name, role, expected) => {
    const mapped = toTaxonomy({ Id: ID, Name: name, Title: name, TaxaUrl: "x" }, role);
    expect(mapped).toMatchObject({ Name: expected, Title: name, TaxonName: "" });
    expect(mapped.Type).toBe(role === "industries" ? 1 : 0);
  });

  it("fills in what Sitefinity leaves empty, and keeps a hierarchical taxon's parent", () => {
    const taxon = {
      Id: ID,
      Title: "Energy",
      UrlName: "energy",
      TaxonomyId: INDUSTRY,
      ParentId: ID,
    };
    expect(toTaxon({ ...taxon, Description: null }, true)).toEqual({
      Id: ID,
      LastModified: undefined,
      Title: "Energy",
      Name: "Energy",
      UrlName: "energy",
      Description: "",
      Synonyms: "",
      Ordinal: 0,
      TaxonomyId: INDUSTRY,
      ParentId: ID,
    });
    expect(toTaxon(taxon, false)).not.toHaveProperty("ParentId");
  });
});
