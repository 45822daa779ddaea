import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { tempDatabase } from "../../tests/helpers/temp-db.ts";
import {
  ACCESS_KEY,
  ALERTS_SET,
  DEALS_SET,
  OFFICES_SET,
  PEOPLE_SET,
  type SitefinityService,
  parsedContent,
  standInSettings,
  startSitefinityService,
} from "../../tools/sitefinity-service.ts";
import { generateContent } from "../db/demo/generate.ts";
import { contentRevision, readContent } from "../db/repositories/content-repository.ts";
import { currentAlert } from "../rules/site-alert.ts";
import { runSync, SyncRefusedError } from "./run-sync.ts";

// The firm's people, offices and alerts from Sitefinity's dynamic types, against the stand-in
// service holding the site's own content: each change an editor makes arrives, a bad item stops
// the sync and names set, Id and field, and a type the service lacks leaves the site's own.

const content = parsedContent(generateContent({ transactions: 40, articles: 10 }));

let service: SitefinityService;
let site: Awaited<ReturnType<typeof tempDatabase>>;
const settings = (extra: Record<string, unknown> = {}) => standInSettings(service.base, extra);
const quick = { timeoutMs: 10_000, retries: 1, backoffMs: 10 };
const sync = (
  extra: Record<string, unknown> = {},
  options: { isEmptyAllowed?: boolean; isFull?: boolean } = {},
) =>
  runSync(site.db, { settings: settings(extra), accessKey: ACCESS_KEY, client: quick, ...options });
/**
 * A first sync, of everything: the site then holds what the service holds, in its names (its
 * taxonomy "Industries"), and a later sync's tags are the changes' own.
 */
const firstSync = async () => {
  await sync({}, { isFull: true });
  expect((await sync()).outcome).toBe("unchanged");
};

beforeEach(async () => {
  service = await startSitefinityService(content, { accessKey: ACCESS_KEY, hasFirm: true });
  site = await tempDatabase(content);
});
afterEach(async () => {
  await service.close();
  await site.cleanup();
});

const byId = (items: readonly { Id: string }[], id: string) => items.find((i) => i.Id === id);

describe("the firm's people, offices and alerts from Sitefinity", () => {
  it("bring an editor's changes: a new title, a new address, a person gone from every deal", async () => {
    await firstSync();
    const [priya, gone] = [content.people[2]!, content.people[3]!];
    service.edit(PEOPLE_SET, priya.Id, {
      JobTitle: "Senior Partner, Healthcare",
      UrlName: "priya-raman-md",
    });
    service.remove(PEOPLE_SET, gone.Id);
    service.edit(OFFICES_SET, content.offices[1]!.Id, {
      Address: "1 New Street\n Chicago, IL 60601",
    });
    const report = await sync();
    expect(report.outcome).toBe("written");
    const after = await readContent(site.db);
    expect(byId(after.people, priya.Id)).toMatchObject({
      JobTitle: "Senior Partner, Healthcare",
      UrlName: "priya-raman-md",
      PreviousUrlNames: [priya.UrlName],
    });
    expect(byId(after.people, gone.Id)).toBeUndefined();
    expect(after.transactions.some((t) => t.DealTeam?.includes(gone.Id))).toBe(false);
    expect(after.offices.find((o) => o.Id === content.offices[1]!.Id)!.Address).toBe(
      "1 New Street\n Chicago, IL 60601",
    );
    expect(report.tags).toEqual(expect.arrayContaining(["people", `person-${gone.Id}`, "offices"]));
  });

  it("show the newest published alert, and a changed one under a new key", async () => {
    await firstSync();
    const before = currentAlert((await readContent(site.db)).alerts)!;
    service.add(ALERTS_SET, {
      Id: "5a6b7c8d-0000-4000-8000-000000000001",
      Title: "Our New York office is closed today.",
      LinkTitle: null,
      LinkUrl: null,
      PublicationDate: "2026-11-28T07:00:00Z",
    });
    const report = await sync();
    const shown = currentAlert((await readContent(site.db)).alerts)!;
    expect(shown.message).toBe("Our New York office is closed today.");
    expect(shown.id).not.toBe(before.id);
    expect(report.tags).toContain("alert");
  });

  it("refuse a person without a name, an e-mail that is not one, and a javascript: link", async () => {
    await firstSync();
    const revision = await contentRevision(site.db);
    const [a, b] = [content.people[0]!, content.people[1]!];
    service.edit(PEOPLE_SET, a.Id, { Title: null });
    service.edit(PEOPLE_SET, b.Id, { Email: "not an address" });
    service.edit(ALERTS_SET, content.alerts[0]!.Id, { LinkUrl: "javascript:alert(1)" });
    const refused = await sync().catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(SyncRefusedError);
    expect((refused as SyncRefusedError).problems).toEqual(
      expect.arrayContaining([
        expect.stringMatching(new RegExp(`^people ${a.Id}: Title: `)),
        `people ${b.Id}: Email: not an e-mail address`,
        `alerts ${content.alerts[0]!.Id}: LinkUrl: not a site path or an http(s) or mailto URL`,
      ]),
    );
    expect(await contentRevision(site.db)).toBe(revision);
  });

  it("strip a script from a biography, and the person lands", async () => {
    await firstSync();
    const person = content.people[4]!;
    service.edit(PEOPLE_SET, person.Id, {
      Biography: "<p>Advises boards.</p><script>alert(1)</script>",
    });
    await sync();
    expect((await readContent(site.db)).people.find((p) => p.Id === person.Id)!.Biography).toBe(
      "<p>Advises boards.</p>",
    );
  });

  it("name a renamed field the items lack, and change nothing", async () => {
    const refused = await sync({ peopleFields: { JobTitle: "Position" } }, { isFull: true }).catch(
      (e: unknown) => e,
    );
    expect((refused as Error).message).toContain('people items have no field "Position"');
  });

  it("read a default field the type lacks (a photo) as absent, not as an error", async () => {
    for (const person of service.items(PEOPLE_SET))
      delete (person as Record<string, unknown>).Photo;
    expect((await sync({}, { isFull: true })).outcome).not.toBe("busy");
    expect((await readContent(site.db)).people.every((p) => p.Photo === null)).toBe(true);
  });

  it("bring a deal's team from its DealTeam field, a person the site does not hold left out", async () => {
    await firstSync();
    const deal = content.transactions[7]!;
    const [joined, unknown] = [content.people[1]!.Id, "9e8d7c6b-0000-4000-8000-000000000077"];
    service.edit(DEALS_SET, deal.Id, { DealTeam: [{ Id: joined.toUpperCase() }, { Id: unknown }] });
    const report = await sync();
    expect(report.outcome).toBe("written");
    const after = await readContent(site.db);
    expect(after.transactions.find((t) => t.Id === deal.Id)!.DealTeam).toEqual([joined]);
    expect(report.tags).toContain(`person-deals-${joined}`);
  });

  it("read a deal type without DealTeam as having no team field, but stop on a named one it lacks", async () => {
    for (const deal of service.items(DEALS_SET)) delete (deal as Record<string, unknown>).DealTeam;
    expect((await sync({}, { isFull: true })).outcome).toBe("written");
    const after = await readContent(site.db);
    expect(after.transactions.map((t) => t.DealTeam)).toEqual(
      content.transactions.map((t) => t.DealTeam),
    );
    await expect(sync({ dealTeamField: "Bankers" }, { isFull: true })).rejects.toThrow(
      `${DEALS_SET} items have no field "Bankers"`,
    );
  });

  it("are not asked for when turned off, and fail the sync when the service forbids them", async () => {
    await sync({ peopleSet: null, officesSet: null, alertsSet: null });
    expect(service.requests.some((r) => r.includes(`/${PEOPLE_SET}?`))).toBe(false);
    service.forbid(PEOPLE_SET);
    await expect(sync()).rejects.toThrow(/403/);
  });

  it("refuse to empty the people the service suddenly lists as none, unless told it is meant", async () => {
    await firstSync();
    for (const person of [...service.items(PEOPLE_SET)])
      service.remove(PEOPLE_SET, String(person.Id));
    await expect(sync()).rejects.toThrow(/people: the web service lists none/);
    await sync({}, { isEmptyAllowed: true });
    expect((await readContent(site.db)).people).toEqual([]);
  });
});
