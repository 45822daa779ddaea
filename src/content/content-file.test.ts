import { describe, expect, it } from "vitest";
import { generateContent } from "../db/demo/generate.ts";
import { parseContentFile } from "./content-file.ts";

const valid = () => structuredClone(generateContent({ transactions: 20, articles: 10 }));

describe("parseContentFile", () => {
  it("accepts the demo content", () => {
    const result = parseContentFile(valid());
    expect(result.ok).toBe(true);
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
    const result = parseContentFile(doc);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.problems).toEqual(
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
    const result = parseContentFile(doc);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.problems).toEqual(
      expect.arrayContaining([
        "transactions[1].industries[0]: no such industry",
        "articles[4].Tags[0]: no such tag",
        "articles[6].Id: duplicate Id",
      ]),
    );
  });

  it("rejects a parent chain that loops", () => {
    const doc = valid();
    const [a, b] = doc.hierarchyTaxa.filter(
      (t) => t.ParentId !== "00000000-0000-0000-0000-000000000000",
    );
    a!.ParentId = b!.Id;
    b!.ParentId = a!.Id;
    const result = parseContentFile(doc);
    expect(result.ok).toBe(false);
    if (!result.ok)
      expect(result.problems.some((p) => p.endsWith("parent chain loops"))).toBe(true);
  });

  it("rejects a file that is not a content document", () => {
    for (const input of [null, [], "text", { taxonomies: [] }]) {
      const result = parseContentFile(input);
      expect(result.ok).toBe(false);
    }
  });

  it("sanitises HTML fields: scripts and handlers are removed, formatting stays", () => {
    const doc = valid();
    const key = doc.transactions[0]!.Description;
    doc.descriptions[key] =
      `<p onclick="x()">Sold to <strong>Acme</strong><script>alert(1)</script><a href="javascript:alert(1)">x</a></p>`;
    doc.articles[0]!.Content = `<p>Body<img src=x onerror=alert(1)></p><iframe src="https://evil"></iframe>`;
    const result = parseContentFile(doc);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.content.descriptions[key]).toBe("<p>Sold to <strong>Acme</strong><a>x</a></p>");
    expect(result.content.articles[0]!.Content).toBe("<p>Body</p>");
  });

  it("normalises dates to UTC date-times", () => {
    const doc = valid();
    doc.transactions[0]!.Date = "2019-07-01";
    const result = parseContentFile(doc);
    expect(result.ok && result.content.transactions[0]!.Date).toBe("2019-07-01T00:00:00Z");
  });
});
