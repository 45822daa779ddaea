import { describe, expect, it } from "vitest";
import { generateContent } from "../db/demo/generate.ts";
import { parseContentFile } from "./content-file.ts";

type Doc = Record<string, Record<string, unknown>[]>;
const withContent = (change: (doc: Doc) => void) => {
  const doc = structuredClone(generateContent({ transactions: 5, articles: 5 }));
  change(doc as unknown as Doc);
  return parseContentFile(doc);
};
const problems = (result: ReturnType<typeof parseContentFile>) =>
  result.ok ? [] : result.problems;

describe("the firm's people, offices and alerts in a content file", () => {
  it("are optional, so an older content file still loads", () => {
    const result = withContent((doc) => {
      delete doc.people;
      delete doc.offices;
      delete doc.alerts;
      for (const deal of doc.transactions!) delete deal.DealTeam;
    });
    expect(problems(result)).toEqual([]);
  });

  it("name each bad field with its path: no name, an e-mail that is not one, a javascript: link", () => {
    const result = withContent((doc) => {
      const people = doc.people!;
      people[1]!.Email = "not an address";
      people[2]!.Phone = "call us";
      people[3]!.Photo = { Url: "javascript:alert(1)" };
      people[4]!.Industries = ["not-a-guid"];
      delete people[5]!.Title;
      people[6]!.UrlName = people[7]!.UrlName;
      doc.offices![0]!.Address = " \n ";
      doc.alerts![0]!.LinkUrl = "javascript:alert(1)";
      doc.alerts![0]!.Title = "";
    });
    expect(problems(result)).toEqual(
      expect.arrayContaining([
        "people[1].Email: not an e-mail address",
        "people[2].Phone: not a telephone number",
        "people[3].Photo.Url: not an http(s) URL or a relative path inside the content file's folder",
        "people[4].Industries[0]: not a GUID",
        expect.stringMatching(/^people\[5\]\.Title: /),
        "people[7].UrlName: duplicate UrlName",
        "offices[0].Address: no address",
        "alerts[0].LinkUrl: not a site path or an http(s) or mailto URL",
        "alerts[0].Title: empty",
      ]),
    );
  });

  it("refuse a deal team or a person's industry that names nothing", () => {
    const result = withContent((doc) => {
      doc.transactions![0]!.DealTeam = ["0b0b0b0b-0000-4000-8000-000000000000"];
      doc.people![0]!.Industries = ["0b0b0b0b-0000-4000-8000-000000000001"];
    });
    expect(problems(result)).toEqual([
      "transactions[0].DealTeam[0]: no such person",
      "people[0].Industries[0]: no such industry",
    ]);
  });

  it("refuse a former address that is another person's current one", () => {
    const result = withContent((doc) => {
      doc.people![0]!.PreviousUrlNames = [doc.people![1]!.UrlName as string];
    });
    expect(problems(result)).toEqual(["people[0].PreviousUrlNames[0]: another person's UrlName"]);
  });

  it("accept a photo at an http(s) address or beside the content file, never outside it", () => {
    const good = withContent((doc) => {
      doc.people![0]!.Photo = {
        Url: "https://cms.firm.example/images/a.jpg?sfvrsn=2",
        AlternativeText: "A",
      };
      doc.people![1]!.Photo = { Url: "portraits/daniel-okafor.jpg" };
    });
    expect(problems(good)).toEqual([]);
    const bad = withContent((doc) => {
      doc.people![0]!.Photo = { Url: "../secrets/key.jpg" };
      doc.people![1]!.Photo = { Url: "/etc/passwd" };
      doc.people![2]!.Photo = { Url: "file:///etc/passwd" };
    });
    expect(problems(bad)).toHaveLength(3);
  });

  it("strip a script from a biography, and keep the person", () => {
    const result = withContent((doc) => {
      doc.people![0]!.Biography = "<p>Advises founders.</p><script>alert(1)</script>";
    });
    expect(result.ok && result.content.people[0]!.Biography).toBe("<p>Advises founders.</p>");
  });
});
