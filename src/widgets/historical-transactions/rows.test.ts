import { describe, expect, it } from "vitest";
import { ROOT_PARENT_ID } from "../../rules/taxonomies.ts";
import { buildModel, lookupDescription, type TransactionData } from "./rows.ts";

const HEALTH = "a0000000-0000-0000-0000-000000000002";
const DEVICES = "b0000000-0000-0000-0000-000000000001";
const taxa = [
  { Id: HEALTH, Title: "Healthcare", ParentId: ROOT_PARENT_ID, Ordinal: 1 },
  { Id: DEVICES, Title: "Medical Devices", ParentId: HEALTH, Ordinal: 1 },
];
const transaction: TransactionData & { industries?: string[] } = {
  Id: "11111111-0000-0000-0000-000000000001",
  Date: "2021-03-15T23:59:59Z",
  Company: "Acme Corp",
  Size: 1250,
  Description: "acme-sale",
  industries: [DEVICES],
};

describe("buildModel", () => {
  it("precomputes what the table shows and what the filters compare", () => {
    const { rows, groups } = buildModel([transaction], taxa, {
      "acme-sale": "<p>Sale of <strong>Acme</strong> &amp; Co</p>",
    });
    expect(groups).toEqual([{ id: HEALTH, title: "Healthcare", key: HEALTH }]);
    expect(rows[0]).toMatchObject({
      date: "2021-03-15",
      closeDate: "03/15/2021",
      sizeText: "1,250.0",
      text: "sale of acme & co",
      groupId: HEALTH,
      groupTitle: "Healthcare",
      descriptionHtml: "<p>Sale of <strong>Acme</strong> &amp; Co</p>",
    });
  });

  it("searches the key itself when the page has no description for it", () => {
    const undisclosed = { ...transaction, Size: null, industries: [] };
    const { rows } = buildModel([undisclosed], taxa, {});
    expect(rows[0]).toMatchObject({
      descriptionHtml: null,
      text: "acme-sale",
      sizeText: "Undisclosed",
      groupId: null,
      groupTitle: "",
    });
  });
});

describe("buildModel with the placeholder's settings", () => {
  it("reads a deal's industries from the configured classification field", () => {
    const deal = { ...transaction, industries: undefined, DealIndustries: [DEVICES] };
    const { rows } = buildModel(
      [deal],
      taxa,
      {},
      {
        industriesField: "DealIndustries",
        timeZone: "UTC",
      },
    );
    expect(rows[0]?.groupTitle).toBe("Healthcare");
  });

  it("shows and compares the calendar day of the close in the content's time zone", () => {
    // An editor in London picked 1 July; Sitefinity stored the UTC instant of that midnight.
    const deal = { ...transaction, Date: "2026-06-30T23:00:00.0000000Z" };
    const london = buildModel(
      [deal],
      taxa,
      {},
      { industriesField: "industries", timeZone: "Europe/London" },
    );
    expect(london.rows[0]).toMatchObject({ date: "2026-07-01", closeDate: "07/01/2026" });
    const utc = buildModel([deal], taxa, {});
    expect(utc.rows[0]).toMatchObject({ date: "2026-06-30", closeDate: "06/30/2026" });
  });
});

describe("buildModel with a malformed answer", () => {
  it("shows blanks for missing or mistyped fields instead of failing", () => {
    const broken = [
      { ...transaction, Id: "a", Date: null, Company: 7, Size: "12" },
      { ...transaction, Id: "b", Description: null, industries: [null, 5] },
      null,
      { ...transaction, Id: "c", industries: "not a list" },
    ] as unknown as (typeof transaction)[];
    const badTaxa = [...taxa, null, { Id: 5, Title: null, ParentId: ROOT_PARENT_ID, Ordinal: 2 }];
    const { rows, groups } = buildModel(broken, badTaxa as typeof taxa, {});
    expect(groups).toEqual([{ id: HEALTH, title: "Healthcare", key: HEALTH }]);
    expect(rows.map((row) => row.id)).toEqual(["a", "b", "c"]);
    expect(rows[0]).toMatchObject({ date: "", closeDate: "", company: "", size: null });
    expect(rows[0]).toMatchObject({ sizeText: "Undisclosed", groupTitle: "Healthcare" });
    expect(rows[1]).toMatchObject({ descriptionKey: "", text: "", groupId: null });
    expect(rows[2]).toMatchObject({ groupId: null, closeDate: "03/15/2021" });
  });
});

describe("buildModel with data-deal-url", () => {
  const options = { industriesField: "industries", timeZone: "UTC" };
  const named = { ...transaction, UrlName: "acme & co/2021" };

  it("links each deal with a UrlName to its page, the name encoded into the template", () => {
    const { rows } = buildModel(
      [named, transaction],
      taxa,
      {},
      {
        ...options,
        dealUrl: "https://firm.example/deals/{UrlName}?from={UrlName}",
      },
    );
    expect(rows.map((row) => row.dealHref)).toEqual([
      "https://firm.example/deals/acme%20%26%20co%2F2021?from=acme%20%26%20co%2F2021",
      null,
    ]);
  });

  it("links nothing without the attribute", () => {
    const { rows } = buildModel([named], taxa, {}, options);
    expect(rows[0]!.dealHref).toBeNull();
  });
});

describe("lookupDescription", () => {
  it("finds only the table's own string entries", () => {
    const table = JSON.parse('{"a": "<p>A</p>", "__proto__": "<p>P</p>"}') as Record<
      string,
      string
    >;
    expect(lookupDescription(table, "a")).toBe("<p>A</p>");
    expect(lookupDescription(table, "__proto__")).toBe("<p>P</p>");
    expect(lookupDescription(table, "constructor")).toBeNull();
    expect(lookupDescription(table, "missing")).toBeNull();
  });
});
