import { generateContent } from "../db/demo/generate.ts";
import { parseContentFile } from "./content-file.ts";

const withSite = (change: (site: Record<string, unknown>) => void) => {
  const doc = structuredClone(generateContent({ transactions: 5, articles: 5 }));
  change(doc.site as unknown as Record<string, unknown>);
  return parseContentFile(doc);
};
const problems = (result: ReturnType<typeof parseContentFile>) =>
  result.ok ? [] : result.problems;

describe("site settings: offices and people", () => {
  it("are optional, so an older content file still loads", () => {
    const result = withSite((site) => {
      delete site.offices;
      delete site.people;
    });
    expect(problems(result)).toEqual([]);
  });

  it("name each bad field of a person or an office with its path", () => {
    const result = withSite((site) => {
      const people = site.people as Record<string, unknown>[];
      people[1]!.email = "not an address";
      people[2]!.phone = "call us";
      people[3]!.photo = "javascript:alert(1)";
      people[4]!.groups = ["a/b"];
      delete people[5]!.name;
      (site.offices as Record<string, unknown>[])[0]!.address = [];
    });
    expect(problems(result)).toEqual(
      expect.arrayContaining([
        "site.people[1].email: not an e-mail address",
        "site.people[2].phone: not a telephone number",
        "site.people[3].photo: not a site path or an https URL",
        "site.people[4].groups[0]: not a URL name (no slashes or surrounding spaces)",
        expect.stringMatching(/^site\.people\[5\]\.name: /),
        "site.offices[0].address: no address",
      ]),
    );
  });

  it("accept a photo on the site or at an https address", () => {
    const result = withSite((site) => {
      const people = site.people as Record<string, unknown>[];
      people[0]!.photo = "/images/margit.jpg";
      people[1]!.photo = "https://cms.firm.example/images/daniel.jpg";
    });
    expect(problems(result)).toEqual([]);
  });
});
