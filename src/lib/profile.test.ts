import vCardParser from "vcf";
import { describe, expect, it } from "vitest";
import { biographySummary, vCard } from "./profile.ts";

/** A vCard text value as written, its backslash escapes undone (RFC 6350 §3.4). */
const text = (value: string | undefined) =>
  value?.replace(/\\(.)/g, (_, c: string) => (c === "n" ? "\n" : c));

describe("a person's vCard", () => {
  const person = {
    Title: "Anna van der Berg, CFA",
    FirstName: "Anna",
    LastName: "van der Berg",
    JobTitle: "Partner; Healthcare, Europe",
    Email: "anna.vanderberg@halvorsenridge.com",
    Phone: "+1 (212) 555-0101",
  };
  const card = vCard(person, "Halvorsen Ridge Partners", "https://example.com/people/anna");

  it("parses in a vCard library as version 4.0 with every field", () => {
    const [parsed] = vCardParser.parse(card);
    expect(parsed!.version).toBe("4.0");
    expect(text(parsed!.get("fn")?.valueOf())).toBe(person.Title);
    expect(parsed!.get("n")?.valueOf().split(";").slice(0, 2)).toEqual(["van der Berg", "Anna"]);
    expect(text(parsed!.get("title")?.valueOf())).toBe(person.JobTitle);
    expect(text(parsed!.get("org")?.valueOf())).toBe("Halvorsen Ridge Partners");
    expect(parsed!.get("email")?.valueOf()).toBe(person.Email);
    expect(parsed!.get("tel")?.valueOf()).toBe("tel:+12125550101");
    expect(parsed!.get("url")?.valueOf()).toBe("https://example.com/people/anna");
  });

  it("ends every line with CRLF, as RFC 6350 wants", () => {
    expect(card.endsWith("END:VCARD\r\n")).toBe(true);
    expect(card.replace(/\r\n/g, "")).not.toMatch(/[\r\n]/);
  });

  it("takes the last word of the name as the surname when the type has no LastName", () => {
    const [parsed] = vCardParser.parse(vCard({ Title: "Daniel Okafor" }, "", "https://x.example/"));
    expect(parsed!.get("n")?.valueOf().split(";").slice(0, 2)).toEqual(["Okafor", "Daniel"]);
    expect(parsed!.get("email")).toBeUndefined();
  });
});

describe("a biography's summary", () => {
  it("keeps whole sentences that fit, as text", () => {
    const html = `<p>Margit founded the firm in 1998.</p><p>${"She advises boards. ".repeat(20)}</p>`;
    const summary = biographySummary(html);
    expect(summary.startsWith("Margit founded the firm in 1998. She advises boards.")).toBe(true);
    expect(summary.length).toBeLessThanOrEqual(220);
    expect(summary.endsWith(".")).toBe(true);
  });

  it("cuts one long sentence at a word, with an ellipsis", () => {
    const summary = biographySummary(`<p>${"word ".repeat(100)}</p>`);
    expect(summary.endsWith("word…")).toBe(true);
  });
});
