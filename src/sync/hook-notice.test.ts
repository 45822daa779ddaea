import { describe, expect, it } from "vitest";
import { isOlderThanNotice, noticeTarget, readHookPayload } from "./hook-notice.ts";
import { parseSyncSettings, type SyncSettings } from "./settings.ts";

const ID = "3D258E17-7E8D-4217-8421-7B16B26910E5";
const DEAL_TYPE = "Telerik.Sitefinity.DynamicTypes.Model.Transactions.HistoricalTransaction";

function settings(extra: Record<string, unknown> = {}): SyncSettings {
  const result = parseSyncSettings({
    service: "https://cms.firm.example/api/firm",
    transactionsSet: "historicaltransactions",
    ...extra,
  });
  if (!result.ok) throw new Error(result.problems.join("\n"));
  return result.settings;
}

describe("readHookPayload", () => {
  it("reads the live item's Id and its type from Sitefinity's payload", () => {
    // As Sitefinity's documentation shows a module type's "published" payload, in short.
    const payload = {
      Name: "My custom module type is published",
      Item: { Id: ID, UrlName: "item-1", Title: "Item 1" },
      OriginalEvent: {
        Action: "New",
        ItemId: "0f454ddf-e19e-4321-af06-494d50d5f496",
        ItemType: DEAL_TYPE,
        Status: "Live",
        OriginalContentId: ID,
      },
      OriginalEventType: "Telerik.Sitefinity.DynamicModules.Events.DynamicContentCreatedEvent",
    };
    expect(readHookPayload(payload)).toEqual({
      ok: true,
      notice: { itemType: DEAL_TYPE, id: ID.toLowerCase(), action: "New" },
    });
  });

  it("reads the save the hook tells of from the item's LastModified, as the API writes it", () => {
    const read = readHookPayload({
      Item: { Id: ID, LastModified: "2021-04-20T14:32:07+00:00" },
      OriginalEvent: { ItemType: DEAL_TYPE, OriginalContentId: ID },
    });
    expect(read).toMatchObject({ ok: true, notice: { lastModified: "2021-04-20T14:32:07Z" } });
  });

  it("takes a deletion, whose payload has no item, by OriginalContentId", () => {
    // As Sitefinity's documentation shows a module type's "deleted" payload, in short.
    const payload = {
      Name: "My custom module type is deleted",
      Item: null,
      OriginalEvent: {
        ApprovalWorkflowState: "Published",
        ItemType: DEAL_TYPE,
        Status: "Live",
        Action: "Deleted",
        UserId: "1876b9f0-ba72-423f-9966-f06a9dc9e69f",
        DeletionDate: "2021-04-20T14:35:19.213Z",
        ItemId: "0f454ddf-e19e-4321-af06-494d50d5f496",
        Visible: false,
        OriginalContentId: ID,
        RecycleBinAction: 2,
      },
      OriginalEventType: "Telerik.Sitefinity.DynamicModules.Events.DynamicContentDeletedEvent",
    };
    expect(readHookPayload(payload)).toEqual({
      ok: true,
      notice: {
        itemType: DEAL_TYPE,
        id: ID.toLowerCase(),
        action: "Deleted",
        userId: "1876b9f0-ba72-423f-9966-f06a9dc9e69f",
        approval: "Published",
      },
    });
  });

  it("reads who made the change and its approval state, for the site's record, where the payload says", () => {
    const read = readHookPayload({
      Item: { Id: ID, ApprovalWorkflowState: "Published" },
      OriginalEvent: { ItemType: DEAL_TYPE, Action: "Updated", UserId: "8a1f…editor" },
    });
    expect(read).toEqual({
      ok: true,
      notice: {
        itemType: DEAL_TYPE,
        id: ID.toLowerCase(),
        action: "Updated",
        userId: "8a1f…editor",
        approval: "Published",
      },
    });
  });

  it("takes a hook whose user or approval state is not short text, leaving them out", () => {
    const read = readHookPayload({
      Item: { Id: ID, ApprovalWorkflowState: { odd: true } },
      OriginalEvent: { ItemType: DEAL_TYPE, UserId: "x".repeat(500) },
    });
    expect(read).toEqual({ ok: true, notice: { itemType: DEAL_TYPE, id: ID.toLowerCase() } });
  });

  it("takes OriginalContentId when the item has no Id", () => {
    const read = readHookPayload({
      Item: {},
      OriginalEvent: { ItemType: DEAL_TYPE, OriginalContentId: ID },
    });
    expect(read).toMatchObject({ ok: true, notice: { id: ID.toLowerCase() } });
  });

  it.each([
    ["no object", "a string", "(body)"],
    [
      "no item and no OriginalContentId",
      { Item: null, OriginalEvent: { ItemType: DEAL_TYPE } },
      "OriginalEvent.OriginalContentId",
    ],
    ["an item that is no object", { Item: "x", OriginalEvent: { ItemType: DEAL_TYPE } }, "Item"],
    [
      "an Id that is not a GUID",
      { Item: { Id: "1 OR 1=1" }, OriginalEvent: { ItemType: DEAL_TYPE } },
      "Item.Id",
    ],
    [
      "a type that is not a type name",
      { Item: { Id: ID }, OriginalEvent: { ItemType: "<script>" } },
      "OriginalEvent.ItemType",
    ],
    ["no Id at all", { Item: {}, OriginalEvent: { ItemType: DEAL_TYPE } }, "Item.Id"],
  ])("refuses %s, naming the field", (_what, body, field) => {
    const read = readHookPayload(body);
    expect(read.ok).toBe(false);
    expect(!read.ok && read.problem.startsWith(`${field}:`)).toBe(true);
  });
});

describe("isOlderThanNotice", () => {
  const notice = { itemType: DEAL_TYPE, id: ID, lastModified: "2026-11-26T10:00:05Z" };
  it.each([
    ["a copy saved two seconds before", "2026-11-26T10:00:03.9990000Z", true],
    ["a copy saved an hour before", "2026-11-26T09:00:05Z", true],
    ["the same second, with a fraction the payload lacks", "2026-11-26T10:00:05.4321Z", false],
    [
      "the second before: the same save, rounded up in the payload",
      "2026-11-26T10:00:04.6Z",
      false,
    ],
    ["a later save", "2026-11-26T10:00:06Z", false],
    ["the same instant in another offset", "2026-11-26T11:00:05+01:00", false],
    ["a LastModified it cannot read", "yesterday", false],
    ["no LastModified", undefined, false],
  ])("%s: %s", (_what, served, isOlder) => {
    expect(isOlderThanNotice(notice, served)).toBe(isOlder);
  });

  it("takes any copy for a hook without a LastModified (a deletion)", () => {
    expect(isOlderThanNotice({ itemType: DEAL_TYPE, id: ID }, "2000-01-01T00:00:00Z")).toBe(false);
  });
});

describe("noticeTarget", () => {
  it("looks a module type up in both sets, and sends news items to the news set", () => {
    expect(noticeTarget(settings(), DEAL_TYPE)).toBe("either");
    expect(noticeTarget(settings(), "Telerik.Sitefinity.News.Model.NewsItem")).toBe("articles");
  });

  it("follows itemTypes, case aside, and then ignores the module types it does not name", () => {
    const mapped = settings({ itemTypes: { [DEAL_TYPE.toLowerCase()]: "historicaltransactions" } });
    expect(noticeTarget(mapped, DEAL_TYPE)).toBe("transactions");
    expect(noticeTarget(mapped, "Telerik.Sitefinity.DynamicTypes.Model.Other.Thing")).toBe(
      "ignored",
    );
    expect(noticeTarget(mapped, "Telerik.Sitefinity.News.Model.NewsItem")).toBe("articles");
  });

  it("refreshes the taxonomies for a taxon, and ignores what the site does not sync", () => {
    expect(noticeTarget(settings(), "Telerik.Sitefinity.Taxonomies.Model.FlatTaxon")).toBe("taxa");
    for (const type of [
      "Telerik.Sitefinity.DynamicTypes.Model.sf_contactform",
      "Telerik.Sitefinity.Pages.Model.PageNode",
      "Telerik.Sitefinity.Events.Model.Event",
    ])
      expect(noticeTarget(settings(), type)).toBe("ignored");
    // News items go elsewhere when the site's articles are another set.
    expect(
      noticeTarget(settings({ articlesSet: "insights" }), "Telerik.Sitefinity.News.Model.NewsItem"),
    ).toBe("ignored");
  });

  it("refreshes the content blocks for a ContentItem, when the settings name blocks", () => {
    const type = "Telerik.Sitefinity.GenericContent.Model.ContentItem";
    expect(noticeTarget(settings({ contentBlocks: { "/about": "About the firm" } }), type)).toBe(
      "blocks",
    );
    expect(noticeTarget(settings(), type)).toBe("ignored");
  });
});

describe("noticeTarget for the firm's types and images", () => {
  const PERSON = "Telerik.Sitefinity.DynamicTypes.Model.People.Person";
  const OFFICE = "Telerik.Sitefinity.DynamicTypes.Model.Offices.Office";
  const ALERT = "Telerik.Sitefinity.DynamicTypes.Model.Alerts.Alert";
  const IMAGE = "Telerik.Sitefinity.Libraries.Model.Image";

  it("sends the default types to their sets, with or without itemTypes, and an image to its people", () => {
    const mapped = settings({ itemTypes: { [DEAL_TYPE]: "historicaltransactions" } });
    for (const each of [settings(), mapped]) {
      expect(noticeTarget(each, PERSON)).toBe("people");
      expect(noticeTarget(each, OFFICE.toLowerCase())).toBe("offices");
      expect(noticeTarget(each, ALERT)).toBe("alerts");
      expect(noticeTarget(each, IMAGE)).toBe("image");
    }
  });

  it("follows itemTypes that map a type elsewhere, and ignores a set turned off", () => {
    const staff = "Telerik.Sitefinity.DynamicTypes.Model.Staff.Banker";
    const mapped = settings({
      peopleSet: "bankers",
      itemTypes: { [staff]: "bankers", [ALERT]: "offices" },
    });
    expect(noticeTarget(mapped, staff)).toBe("people");
    expect(noticeTarget(mapped, ALERT)).toBe("offices");
    const off = settings({ peopleSet: null, alertsSet: null });
    expect(noticeTarget(off, PERSON)).toBe("ignored");
    expect(noticeTarget(off, ALERT)).toBe("ignored");
    expect(noticeTarget(off, IMAGE)).toBe("ignored");
  });
});
