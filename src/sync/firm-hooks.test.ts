import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { refuseWrites } from "../../tests/helpers/refuse-writes.ts";
import { tempDatabase } from "../../tests/helpers/temp-db.ts";
import { DEAL_TYPE as DEAL } from "../../tools/sitefinity-hooks.ts";
import { portraitJpeg } from "../../tools/test-images.ts";
import {
  ACCESS_KEY,
  ALERTS_SET,
  DEALS_SET,
  NEWS_SET,
  OFFICES_SET,
  PEOPLE_SET,
  type SitefinityService,
  parsedContent,
  standInSettings,
  startSitefinityService,
} from "../../tools/sitefinity-service.ts";
import { generateContent } from "../db/demo/generate.ts";
import { contentRevision, readContent } from "../db/repositories/content-repository.ts";
import { imageRepository } from "../db/repositories/image-repository.ts";
import { searchRepository } from "../db/repositories/search-repository.ts";
import { peopleQueries } from "../db/repositories/site-people.ts";
import { imageDigest } from "../images/inspect.ts";
import { imageTag } from "../rules/cache-tags.ts";
import { currentAlert } from "../rules/site-alert.ts";
import { createSearch } from "../search/engine.ts";
import { readHookPayload } from "./hook-notice.ts";
import { runSync, SyncRefusedError } from "./run-sync.ts";
import { syncItems } from "./sync-items.ts";

// The service hooks for the firm's people, offices and alerts and for the images people show,
// against the stand-in service: each item fetched by Id from its set, validated as the full sync
// validates it, written, and seen on the pages' queries and in the search; a person gone leaves
// every list and every deal's team; an image replaced or unpublished reaches the people whose
// photo it is, though no hook names them.

const content = parsedContent(generateContent({ transactions: 40, articles: 10 }));

const PERSON = "Telerik.Sitefinity.DynamicTypes.Model.People.Person";
const ALERT = "Telerik.Sitefinity.DynamicTypes.Model.Alerts.Alert";
const IMAGE = "Telerik.Sitefinity.Libraries.Model.Image";
const NEWS = "Telerik.Sitefinity.News.Model.NewsItem";

let service: SitefinityService;
let site: Awaited<ReturnType<typeof tempDatabase>>;
const settings = (extra: Record<string, unknown> = {}) => standInSettings(service.base, extra);
const quick = { timeoutMs: 10_000, retries: 1, backoffMs: 10 };

/** Sitefinity's payload for an item of `type`; a deletion's has no item (`"Item": null`). */
const payload = (type: string, id: string, isDeleted = false) => ({
  Name: isDeleted ? "Item is deleted" : "Item is published",
  Item: isDeleted ? null : { Id: id },
  OriginalEvent: {
    Action: isDeleted ? "Deleted" : "Updated",
    ItemType: type,
    OriginalContentId: id,
  },
});

/** The item sync a batch of hooks runs, each read from its payload as the hook route reads it. */
const hooks = (bodies: unknown[], extra: Record<string, unknown> = {}) =>
  syncItems(site.db, {
    settings: settings(extra),
    accessKey: ACCESS_KEY,
    client: quick,
    notices: bodies.map((body) => {
      const read = readHookPayload(body);
      if (!read.ok) throw new Error(read.problem);
      return read.notice;
    }),
  });

beforeEach(async () => {
  service = await startSitefinityService(content, { accessKey: ACCESS_KEY, hasFirm: true });
  site = await tempDatabase(content);
  await runSync(site.db, {
    settings: settings(),
    accessKey: ACCESS_KEY,
    client: quick,
    isFull: true,
  });
});
afterEach(async () => {
  await service.close();
  await site.cleanup();
});

const pages = () => peopleQueries(site.db.kysely);
const searchPeople = async (words: string) =>
  (await createSearch(searchRepository(site.db)).search(words, { kinds: ["person"] })).hits.map(
    (hit) => hit.ref,
  );
/** An industry a banker covers, and the group whose hub shows them. */
const industry = content.people.find((p) => p.Industries.length > 0)!.Industries[0]!;
const NEW_ID = "7c1d2e3f-0000-4000-8000-00000000abcd";

describe("a person's hook", () => {
  it("publishes a new banker: on the leadership page, the profile, the group's hub and the search", async () => {
    service.add(PEOPLE_SET, {
      Id: NEW_ID,
      UrlName: "ingrid-vasquez-hale",
      Title: "Ingrid Vasquez-Hale",
      FirstName: "Ingrid",
      LastName: "Vasquez-Hale",
      JobTitle: "Managing Director",
      Biography: "<p>Advises founders.</p><script>alert(1)</script>",
      Email: "ingrid@example.com",
      Phone: null,
      Industries: [industry],
      Photo: [],
      Ordinal: 99,
      PublicationDate: "2026-11-28T07:00:00Z",
    });
    const report = await hooks([payload(PERSON, NEW_ID)]);
    expect(report.outcome).toBe("written");
    expect(report.tags).toEqual(expect.arrayContaining(["people", `person-${NEW_ID}`, "search"]));
    expect((await pages().people()).map((p) => p.Id)).toContain(NEW_ID);
    const profile = await pages().person("ingrid-vasquez-hale");
    expect(profile && "person" in profile && profile.person.Biography).toBe(
      "<p>Advises founders.</p>",
    );
    const hub = (await pages().people()).find((p) => p.Id === NEW_ID)!.groups[0]!;
    expect((await pages().peopleOfGroup(hub.Id)).map((p) => p.Id)).toContain(NEW_ID);
    expect(await searchPeople("vasquez")).toEqual(["ingrid-vasquez-hale"]);
  });

  it("renames a banker: the new name on the pages and in the search, the old one found no more", async () => {
    const person = content.people[2]!;
    service.edit(PEOPLE_SET, person.Id, {
      Title: "Priya Raman-Okonkwo",
      LastName: "Raman-Okonkwo",
    });
    expect((await hooks([payload(PERSON, person.Id)])).outcome).toBe("written");
    const shown = (await pages().people()).find((p) => p.Id === person.Id)!;
    expect(shown.Title).toBe("Priya Raman-Okonkwo");
    expect(await searchPeople("okonkwo")).toEqual([person.UrlName]);
  });

  for (const isDeleted of [false, true])
    it(`takes ${isDeleted ? "a deleted banker (Item: null)" : "an unpublished banker"} off every page, deal team and the search`, async () => {
      const gone = content.people.find((p) =>
        content.transactions.some((t) => t.DealTeam?.includes(p.Id)),
      )!;
      const deal = content.transactions.find((t) => t.DealTeam?.includes(gone.Id))!;
      service.remove(PEOPLE_SET, gone.Id);
      const report = await hooks([payload(PERSON, gone.Id, isDeleted)]);
      expect(report.outcome).toBe("written");
      expect(report.tags).toEqual(
        expect.arrayContaining([`person-${gone.Id}`, `person-deals-${gone.Id}`, "people"]),
      );
      expect((await pages().people()).map((p) => p.Id)).not.toContain(gone.Id);
      expect(await pages().person(gone.UrlName)).toBeNull();
      expect((await pages().dealTeam(deal.Id)).map((p) => p.Id)).not.toContain(gone.Id);
      const after = await readContent(site.db);
      expect(after.transactions.find((t) => t.Id === deal.Id)!.DealTeam ?? []).not.toContain(
        gone.Id,
      );
      expect(await searchPeople(gone.Title)).not.toContain(gone.UrlName);
    });

  it("refuses a person without a name or with a bad e-mail, named by set, Id and field, and writes nothing", async () => {
    const [a, b] = [content.people[0]!, content.people[1]!];
    service.edit(PEOPLE_SET, a.Id, { Title: null });
    service.edit(PEOPLE_SET, b.Id, { Email: "not an address" });
    const revision = await contentRevision(site.db);
    const refused = await hooks([payload(PERSON, a.Id), payload(PERSON, b.Id)]).catch(
      (error: unknown) => error,
    );
    expect(refused).toBeInstanceOf(SyncRefusedError);
    expect((refused as SyncRefusedError).problems).toEqual(
      expect.arrayContaining([
        expect.stringMatching(new RegExp(`^people ${a.Id}: Title: `)),
        `people ${b.Id}: Email: not an e-mail address`,
      ]),
    );
    expect(await contentRevision(site.db)).toBe(revision);
  });

  it("is read from the set itemTypes names, and ignored when the set is turned off", async () => {
    const person = content.people[3]!;
    const renamed = "Telerik.Sitefinity.DynamicTypes.Model.Staff.Banker";
    service.edit(PEOPLE_SET, person.Id, { JobTitle: "Vice Chair" });
    const asked = service.requests.length;
    const off = await hooks([payload(PERSON, person.Id)], { peopleSet: null });
    expect(off.outcome).toBe("unchanged");
    expect(
      service.requests
        .slice(asked)
        .some((r) => r.includes(`/${PEOPLE_SET}?`) && r.includes(person.Id)),
    ).toBe(false);
    // With item types mapped, the default type name still reaches the people.
    const mapped = { itemTypes: { [renamed]: PEOPLE_SET, "Other.Deal": "transactions" } };
    expect((await hooks([payload(renamed, person.Id)], mapped)).outcome).toBe("written");
    service.edit(PEOPLE_SET, person.Id, { JobTitle: "Chair" });
    expect((await hooks([payload(PERSON, person.Id)], mapped)).outcome).toBe("written");
    expect((await pages().people()).find((p) => p.Id === person.Id)!.JobTitle).toBe("Chair");
  });
});

describe("the firm's hooks write in place", () => {
  const OFFICE = "Telerik.Sitefinity.DynamicTypes.Model.Offices.Office";
  it("a banker's, an office's and an alert's change leave every deal and article as stored", async () => {
    const person = content.people[3]!;
    const office = content.offices[0]!;
    const alert = content.alerts[0]!;
    service.edit(PEOPLE_SET, person.Id, { JobTitle: "Senior Advisor" });
    service.edit(OFFICES_SET, office.Id, { Phone: "+1 212 555 0199" });
    service.edit(ALERTS_SET, alert.Id, { Title: "Markets close early on Friday." });
    // Writing the whole content again would delete the deals and the articles first.
    const allow = await Promise.all(
      ["transactions", "articles"].map((table) => refuseWrites(site.db, table, "DELETE")),
    );
    try {
      const report = await hooks([
        payload(PERSON, person.Id),
        payload(OFFICE, office.Id),
        payload(ALERT, alert.Id),
      ]);
      expect(report.outcome).toBe("written");
      expect(report.tags).toEqual(
        expect.arrayContaining([`person-${person.Id}`, "people", "offices", "search"]),
      );
    } finally {
      for (const stop of allow) await stop();
    }
    const after = await readContent(site.db);
    expect(after.people.find((p) => p.Id === person.Id)!.JobTitle).toBe("Senior Advisor");
    expect(after.offices.find((o) => o.Id === office.Id)!.Phone).toBe("+1 212 555 0199");
    expect(after.alerts.find((a) => a.Id === alert.Id)!.Title).toBe(
      "Markets close early on Friday.",
    );
    expect(after.transactions).toEqual(content.transactions);
    expect(await searchPeople("senior advisor")).toContain(person.UrlName);
  });
});

describe("a deal's hook", () => {
  it("brings the deal's team from its DealTeam field: the banker's profile lists the deal", async () => {
    const deal = content.transactions[3]!;
    const banker = content.people.find((p) => !deal.DealTeam?.includes(p.Id))!;
    service.edit(DEALS_SET, deal.Id, { DealTeam: [{ Id: banker.Id }] });
    const report = await hooks([payload(DEAL, deal.Id)]);
    expect(report.outcome).toBe("written");
    expect((await pages().dealTeam(deal.Id)).map((p) => p.Id)).toEqual([banker.Id]);
    expect(report.tags).toContain(`person-deals-${banker.Id}`);
  });
});

describe("an alert's hook", () => {
  it("keeps an alert the banner does not show yet (an older one): no page changes, and it is held", async () => {
    const id = "5a6b7c8d-0000-4000-8000-000000000002";
    service.add(ALERTS_SET, {
      Id: id,
      Title: "Our Chicago office moved to the 30th floor.",
      LinkTitle: null,
      LinkUrl: null,
      PublicationDate: "2001-01-02T07:00:00Z",
    });
    const report = await hooks([payload(ALERT, id)]);
    expect(report.outcome).toBe("written");
    expect(report.tags).not.toContain("alert");
    const held = (await readContent(site.db)).alerts.find((a) => a.Id === id);
    expect(held?.Title).toBe("Our Chicago office moved to the 30th floor.");
  });

  it("shows a published alert, a changed one under a new key, and none once it is removed", async () => {
    const id = "5a6b7c8d-0000-4000-8000-000000000001";
    service.add(ALERTS_SET, {
      Id: id,
      Title: "Our New York office is closed today.",
      LinkTitle: null,
      LinkUrl: null,
      PublicationDate: "2099-11-28T07:00:00Z",
    });
    const published = await hooks([payload(ALERT, id)]);
    expect(published.tags).toContain("alert");
    const first = currentAlert((await readContent(site.db)).alerts)!;
    expect(first.message).toBe("Our New York office is closed today.");
    service.edit(ALERTS_SET, id, { Title: "Our New York office reopens at noon." });
    await hooks([payload(ALERT, id)]);
    const changed = currentAlert((await readContent(site.db)).alerts)!;
    expect(changed.message).toBe("Our New York office reopens at noon.");
    expect(changed.id).not.toBe(first.id);
    service.remove(ALERTS_SET, id);
    const removed = await hooks([payload(ALERT, id, true)]);
    expect(removed.tags).toContain("alert");
    expect(currentAlert((await readContent(site.db)).alerts)?.message).not.toBe(changed.message);
  });

  it("refuses a javascript: link, named by set, Id and field", async () => {
    const alert = content.alerts[0]!;
    service.edit(ALERTS_SET, alert.Id, { LinkUrl: "javascript:alert(1)" });
    await expect(hooks([payload(ALERT, alert.Id)])).rejects.toMatchObject({
      problems: [`alerts ${alert.Id}: LinkUrl: not a site path or an http(s) or mailto URL`],
    });
  });
});

describe("an image's hook", () => {
  const IMAGE_ID = "0b1c2d3e-0000-4000-8000-0000000000aa";
  const path = "/images/default-source/people/portrait.jpg";
  const url = (version: number) => `${service.origin}${path}?sfvrsn=${version}`;
  /** Sets a person's Photo as Sitefinity relates it, without a save of the person (no hook names them). */
  const relate = (personId: string, version: number | null) => {
    const row = service.items(PEOPLE_SET).find((r) => r.Id === personId) as Record<string, unknown>;
    row.Photo =
      version === null
        ? []
        : [
            {
              Id: IMAGE_ID,
              Title: "Portrait",
              AlternativeText: "",
              Url: url(version),
              Width: 300,
              Height: 360,
            },
          ];
  };
  const photoOf = async (id: string) =>
    (await readContent(site.db)).people.find((p) => p.Id === id)!.Photo;

  it("re-reads the people whose photo it is: a replaced image held anew, the old one dropped", async () => {
    const person = content.people[5]!;
    const [before, after] = await Promise.all([
      portraitJpeg(300, 360),
      portraitJpeg(300, 360, { hue: 60 }),
    ]);
    service.serveImage(path, { bytes: before, type: "image/jpeg" });
    relate(person.Id, 1);
    await hooks([payload(IMAGE, IMAGE_ID)]);
    // The first hook finds no one holding the image yet: the person's own hook brings it.
    await hooks([payload(PERSON, person.Id)]);
    expect((await photoOf(person.Id))?.Url).toBe(url(1));

    service.serveImage(path, { bytes: after, type: "image/jpeg" });
    relate(person.Id, 2);
    const report = await hooks([payload(IMAGE, IMAGE_ID)]);
    expect(report.outcome).toBe("written");
    expect((await photoOf(person.Id))?.Url).toBe(url(2));
    expect(report.tags).toEqual(
      expect.arrayContaining([`person-${person.Id}`, imageTag(imageDigest(before))]),
    );
    const held = await imageRepository(site.db).held([url(1), url(2)]);
    expect([...held.keys()]).toEqual([url(2)]);
  });

  it("keeps a replaced photo that an article shows too: only the person's copy goes from them", async () => {
    const person = content.people[4]!;
    const article = content.articles[2]!;
    const bytes = await portraitJpeg(300, 360, { hue: 200 });
    service.serveImage(path, { bytes, type: "image/jpeg" });
    const row = service.items(NEWS_SET).find((r) => r.Id === article.Id)!;
    service.edit(NEWS_SET, article.Id, {
      Content: `${String(row.Content)}<p><img src="${url(1)}" alt="The team"></p>`,
    });
    relate(person.Id, 1);
    await hooks([payload(PERSON, person.Id), payload(NEWS, article.Id)]);
    service.serveImage(path, {
      bytes: await portraitJpeg(300, 360, { hue: 20 }),
      type: "image/jpeg",
    });
    relate(person.Id, 2);
    const report = await hooks([payload(IMAGE, IMAGE_ID)]);
    expect((await photoOf(person.Id))?.Url).toBe(url(2));
    expect(report.tags).not.toContain(imageTag(imageDigest(bytes)));
    const held = await imageRepository(site.db).held([url(1), url(2)]);
    expect([...held.keys()].sort()).toEqual([url(1), url(2)]);
  });

  for (const isDeleted of [false, true])
    it(`takes a ${isDeleted ? "deleted" : "unpublished"} photo off its person, who stays, and drops its copy`, async () => {
      const person = content.people[6]!;
      const bytes = await portraitJpeg(300, 360, { hue: 120 });
      service.serveImage(path, { bytes, type: "image/jpeg" });
      relate(person.Id, 3);
      await hooks([payload(PERSON, person.Id)]);
      expect((await imageRepository(site.db).held([url(3)])).size).toBe(1);
      relate(person.Id, null);
      const report = await hooks([payload(IMAGE, IMAGE_ID, isDeleted)]);
      expect(report.outcome).toBe("written");
      expect(await photoOf(person.Id)).toBeNull();
      expect((await pages().people()).map((p) => p.Id)).toContain(person.Id);
      expect(report.tags).toEqual(expect.arrayContaining([imageTag(imageDigest(bytes))]));
      expect((await imageRepository(site.db).held([url(3)])).size).toBe(0);
    });
});
