import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parseSyncSettings, readSyncSettings } from "./settings.ts";

describe("the sync's settings file", () => {
  it("needs only the service, and fills in Sitefinity's and this site's names", () => {
    expect(parseSyncSettings({ service: "https://cms.firm.example/api/firm/" })).toEqual({
      ok: true,
      settings: {
        service: "https://cms.firm.example/api/firm",
        transactionsSet: "transactions",
        articlesSet: "newsitems",
        industriesTaxonomy: "industries",
        tagsTaxonomy: "Tags",
        industriesField: "industries",
        tagsField: "Tags",
        timeZone: "UTC",
        peopleSet: "people",
        officesSet: "offices",
        alertsSet: "alerts",
      },
    });
  });

  it("takes every setting the firm's Sitefinity needs", () => {
    const given = {
      service: "http://localhost:8080/api/firm",
      transactionsSet: "pasttransactions",
      articlesSet: "newsitems",
      industriesTaxonomy: "Industries",
      tagsTaxonomy: "Tags",
      industriesField: "Industries",
      tagsField: "Tags",
      descriptionField: "DealDescription",
      counterpartyField: "Buyer",
      serviceField: "AdvisoryRole",
      timeZone: "Europe/London",
      peopleSet: "staff",
      officesSet: null,
      alertsSet: "notices",
      peopleFields: { JobTitle: "Position", Photo: "Portrait" },
      officesFields: { Title: "City" },
      alertsFields: { LinkUrl: "Link" },
      dealTeamField: "Bankers",
      contentBlocks: {
        "/about": "About the firm",
        "/about/careers": "3D258E17-7E8D-4217-8421-7B16B26910E5",
      },
    };
    expect(parseSyncSettings(given)).toEqual({ ok: true, settings: given });
  });

  it.each([
    [{}, "service: not an http(s) URL"],
    [
      { service: "https://cms.example/api", peopleFields: { Nickname: "Alias" } },
      "peopleFields.Nickname",
    ],
    [{ service: "ftp://cms.example/api" }, "service: not an http(s) URL"],
    [{ service: "https://cms.example/api?x=1" }, "service: must not carry a query or a fragment"],
    [
      { service: "https://editor:secret@cms.example/api" },
      "service: must not hold a user name or password",
    ],
    [{ service: "https://cms.example/api", timeZone: "Europe/Lndon" }, "timeZone: not an IANA"],
    [
      { service: "https://cms.example/api", transactionsSet: "past deals" },
      "transactionsSet: not a set",
    ],
    [{ service: "https://cms.example/api", industriesField: "" }, "industriesField: not a set"],
    [{ service: "https://cms.example/api", tagsTaxonomy: " " }, "tagsTaxonomy: empty"],
    [{ service: "https://cms.example/api", descriptionField: 3 }, "descriptionField: not text"],
    [
      { service: "https://cms.example/api", serviceField: "Our role" },
      "serviceField: not a set or field name",
    ],
    [
      { service: "https://cms.example/api", counterpartyField: null },
      "counterpartyField: not text",
    ],
    [{ service: "https://cms.example/api", timezone: "UTC" }, "timezone: not a setting (service, "],
    [
      { service: "https://cms.example/api", contentBlocks: { "/industries/energy": "Energy" } },
      'contentBlocks["/industries/energy"]: not a plain page of this site',
    ],
    [
      { service: "https://cms.example/api", contentBlocks: { "about/": "About" } },
      'contentBlocks["about/"]: not a page path',
    ],
    [
      { service: "https://cms.example/api", contentBlocks: { "/about": " " } },
      'contentBlocks["/about"]: empty',
    ],
    [
      { service: "https://cms.example/api", contentBlocks: { "/about": 7 } },
      'contentBlocks["/about"]: not text',
    ],
    [[], "(file): "],
  ])("%j is refused with a problem naming the key", (input, problem) => {
    const result = parseSyncSettings(input);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.problems.join("\n")).toContain(problem);
  });

  it("names the file when it is missing or not JSON", () => {
    const dir = mkdtempSync(join(tmpdir(), "sync-settings-"));
    const broken = join(dir, "broken.json");
    writeFileSync(broken, "{ service: ");
    expect(() => readSyncSettings(join(dir, "missing.json"))).toThrow(
      /missing\.json cannot be read: ENOENT/,
    );
    expect(() => readSyncSettings(broken)).toThrow(/broken\.json not valid JSON/);
  });
});
