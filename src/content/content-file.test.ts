import { describe, expect, it } from "vitest";
import { generateContent } from "../db/demo/generate.ts";
import { parseContentFile } from "./content-file.ts";

const valid = () => structuredClone(generateContent({ transactions: 20, articles: 10 }));
/** What a document is refused for: each problem with its path; none when it is accepted. */
const problemsOf = (doc: unknown) => {
  const result = parseContentFile(doc);
  return result.ok ? [] : result.problems;
};
/** The content of a document that must be accepted. */
const accepted = (doc: unknown, now?: Date) => {
  const result = parseContentFile(doc, now);
  if (!result.ok) throw new Error(result.problems.join("\n"));
  return result.content;
};

describe("parseContentFile", () => {
  it("accepts the demo content", () => {
    expect(problemsOf(valid())).toEqual([]);
  });

  it("lists every problem with its path, not just the first", () => {
    // A hand-broken document: fields get values of the wrong type on purpose.
    const doc = valid() as unknown as {
      transactions: Record<string, unknown>[];
      articles: { Tags: string[] }[];
      flatTaxa: Record<string, unknown>[];
    };
    doc.transactions[12]!.Date = "13/45/2020";
    doc.transactions[3]!.Size = "big";
    const badTag = doc.articles[2]!.Tags.push("00000000-0000-0000-0000-00000000abcd") - 1;
    delete doc.flatTaxa[0]!.UrlName;
    expect(problemsOf(doc)).toEqual(
      expect.arrayContaining([
        "transactions[12].Date: not a date",
        "transactions[3].Size: not a number or null",
        "flatTaxa[0].UrlName: Invalid input: expected string, received undefined",
        `articles[2].Tags[${badTag}]: no such tag`,
      ]),
    );
  });

  it("reports references to missing taxa and duplicate ids", () => {
    const doc = valid();
    doc.transactions[1]!.industries = ["0f0f0f0f-0000-4000-8000-000000000000"];
    doc.articles[4]!.Tags = ["0f0f0f0f-0000-4000-8000-000000000001"];
    doc.articles[5]!.Id = doc.articles[6]!.Id;
    expect(problemsOf(doc)).toEqual(
      expect.arrayContaining([
        "transactions[1].industries[0]: no such industry",
        "articles[4].Tags[0]: no such tag",
        "articles[6].Id: duplicate Id",
      ]),
    );
  });

  it("keeps a deal's UrlName, names the deals without one, and refuses a repeated one", () => {
    const doc = valid();
    doc.transactions[0]!.UrlName = "Our-Flagship-Deal";
    for (const t of doc.transactions.slice(1)) delete (t as Partial<typeof t>).UrlName;
    const names = accepted(doc).transactions.map((t) => t.UrlName);
    expect(names[0]).toBe("Our-Flagship-Deal");
    expect(new Set(names.map((n) => n.toLowerCase())).size).toBe(names.length);
    doc.transactions[5]!.UrlName = "our-flagship-deal";
    doc.transactions[6]!.UrlName = "a/b";
    expect(problemsOf(doc)).toEqual(
      expect.arrayContaining([
        "transactions[5].UrlName: duplicate UrlName",
        "transactions[6].UrlName: not a URL name (no slashes or surrounding spaces)",
      ]),
    );
  });

  it("takes a deal's Counterparty and Service as given, or leaves them out when absent or null", () => {
    const doc = valid() as unknown as { transactions: Record<string, unknown>[] };
    Object.assign(doc.transactions[0]!, {
      Counterparty: "Crescent Equity",
      Service: "Buy-Side Advisory",
    });
    delete doc.transactions[1]!.Counterparty;
    delete doc.transactions[1]!.Service;
    Object.assign(doc.transactions[2]!, { Counterparty: null, Service: null });
    const result = parseContentFile(doc);
    if (!result.ok) throw new Error(result.problems.join("\n"));
    const [first, second, third] = result.content.transactions;
    expect([first!.Counterparty, first!.Service]).toEqual(["Crescent Equity", "Buy-Side Advisory"]);
    for (const deal of [second!, third!]) {
      expect(deal.Counterparty).toBeUndefined();
      expect(deal.Service).toBeUndefined();
    }
    expect(JSON.stringify(third)).not.toMatch(/Counterparty|Service/);
  });

  it("names a deal's Counterparty or Service that is not one line of text", () => {
    const doc = valid() as unknown as { transactions: Record<string, unknown>[] };
    doc.transactions[0]!.Service = 4;
    doc.transactions[1]!.Service = "";
    doc.transactions[2]!.Service = "Sell-Side Advisory ";
    doc.transactions[3]!.Counterparty = ["Crescent Equity"];
    doc.transactions[4]!.Counterparty = "Crescent\u0007Equity";
    doc.transactions[5]!.Service = "x".repeat(101);
    const result = parseContentFile(doc);
    expect(!result.ok && result.problems).toEqual([
      "transactions[0].Service: not text or null",
      "transactions[1].Service: empty",
      "transactions[2].Service: surrounding spaces",
      "transactions[3].Counterparty: not text or null",
      "transactions[4].Counterparty: control characters",
      "transactions[5].Service: longer than 100 characters",
    ]);
  });

  it("rejects a parent chain that loops", () => {
    const doc = valid();
    const [a, b] = doc.hierarchyTaxa.filter(
      (t) => t.ParentId !== "00000000-0000-0000-0000-000000000000",
    );
    a!.ParentId = b!.Id;
    b!.ParentId = a!.Id;
    expect(problemsOf(doc).some((p) => p.endsWith("parent chain loops"))).toBe(true);
  });

  it("rejects a file that is not a content document", () => {
    for (const input of [null, [], "text", { taxonomies: [] }])
      expect(problemsOf(input)).not.toEqual([]);
  });

  it("sanitises HTML fields: scripts and handlers are removed, formatting stays", () => {
    const doc = valid();
    const key = doc.transactions[0]!.Description;
    doc.descriptions[key] =
      `<p onclick="x()">Sold to <strong>Acme</strong><script>alert(1)</script><a href="javascript:alert(1)">x</a></p>`;
    doc.articles[0]!.Content = `<p>Body<img src=x onerror=alert(1)></p><iframe src="https://evil"></iframe>`;
    const content = accepted(doc);
    expect(content.descriptions[key]).toBe("<p>Sold to <strong>Acme</strong><a>x</a></p>");
    expect(content.articles[0]!.Content).toBe("<p>Body</p>");
  });

  it("normalises dates to UTC date-times", () => {
    const doc = valid();
    doc.transactions[0]!.Date = "2019-07-01";
    expect(accepted(doc).transactions[0]!.Date).toBe("2019-07-01T00:00:00Z");
  });

  it("normalises offsets to UTC and keeps fractions of a second, up to 7 digits", () => {
    const doc = valid();
    doc.transactions[1]!.Date = "2026-07-01T00:00:00+01:00";
    doc.transactions[2]!.Date = "2026-07-01T00:00:00.1234567-05:00";
    doc.articles[0]!.PublicationDate = "2026-03-04T10:20:30.500Z";
    doc.transactions[3]!.Date = "2026-07-01T00:00:00.12345678Z";
    expect(problemsOf(doc)).toEqual(["transactions[3].Date: not a date"]);
    doc.transactions[3]!.Date = "2026-07-01";
    const fixed = accepted(doc);
    expect(fixed.transactions.slice(1, 3).map((t) => t.Date)).toEqual([
      "2026-06-30T23:00:00Z",
      "2026-07-01T05:00:00.1234567Z",
    ]);
    expect(fixed.articles[0]!.PublicationDate).toBe("2026-03-04T10:20:30.5Z");
  });

  it("stamps items without LastModified with the import's time, and keeps a given one", () => {
    const doc = valid() as unknown as { transactions: Record<string, unknown>[] };
    delete doc.transactions[0]!.LastModified;
    doc.transactions[1]!.LastModified = "2020-01-02T03:04:05+01:00";
    const content = accepted(doc, new Date("2026-11-23T12:00:00.250Z"));
    expect(content.transactions.slice(0, 2).map((t) => t.LastModified)).toEqual([
      "2026-11-23T12:00:00.25Z",
      "2020-01-02T02:04:05Z",
    ]);
  });

  it("derives TaxaUrl from the taxonomy's type, and ignores an older file's FullUrl", () => {
    const doc = valid() as unknown as {
      taxonomies: Record<string, unknown>[];
      hierarchyTaxa: Record<string, unknown>[];
    };
    doc.taxonomies[0]!.TaxaUrl = "tags";
    delete doc.taxonomies[1]!.TaxaUrl;
    doc.hierarchyTaxa[0]!.FullUrl = "/healthcare";
    const content = accepted(doc);
    expect(content.taxonomies.map((t) => [t.Type, t.TaxaUrl])).toEqual([
      [0, "flat-taxa"],
      [1, "hierarchy-taxa"],
    ]);
    expect(content.hierarchyTaxa[0]).not.toHaveProperty("FullUrl");
  });
});
