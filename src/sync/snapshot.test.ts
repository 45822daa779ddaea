import { describe, expect, it } from "vitest";
import { parseContentFile, type ContentFile } from "../content/content-file.ts";
import { generateContent } from "../db/demo/generate.ts";
import type { Item, MappingSettings } from "./map-items.ts";
import {
  buildSnapshot,
  describeIssue,
  descriptionClashes,
  type ServiceNames,
  type SyncedSet,
} from "./snapshot.ts";

const parsed = (content: ContentFile) => {
  const result = parseContentFile(JSON.parse(JSON.stringify(content)));
  if (!result.ok) throw new Error(result.problems.join("\n"));
  return result.content;
};
const current = parsed(generateContent({ transactions: 6, articles: 4 }));
const mapping: MappingSettings = {
  industriesField: "Industries",
  tagsField: "Tags",
  descriptionField: "DealDescription",
  timeZone: "Europe/London",
  origin: "https://cms.firm.example",
};
const names: ServiceNames = {
  transactionsSet: "pasttransactions",
  articlesSet: "newsitems",
  industriesField: "Industries",
  tagsField: "Tags",
  descriptionField: "DealDescription",
  counterpartyField: "DealCounterparty",
  serviceField: "DealService",
};
const [tags, industries] = current.taxonomies as unknown as [Item, Item];
const kept = (items: { Id: string }[]): SyncedSet => ({
  order: items.map((i) => i.Id),
  fetched: new Map(),
});
const asService = (deal: ContentFile["transactions"][number]): Item => ({
  ...deal,
  Date: "2026-06-30T23:00:00Z",
  Industries: deal.industries,
  DealDescription: "<p>New words</p>",
});

const inputWith = (deals: SyncedSet, articles = kept(current.articles)) => ({
  current,
  mapping,
  industries,
  tags,
  hierarchyTaxa: current.hierarchyTaxa as unknown as Item[],
  flatTaxa: current.flatTaxa as unknown as Item[],
  deals,
  articles,
});

function snapshotWith(deals: SyncedSet, articles = kept(current.articles)) {
  return buildSnapshot(inputWith(deals, articles));
}

describe("buildSnapshot: the content after a sync", () => {
  it("replaces fetched deals, keeps the others, drops the removed, and keeps the site settings", () => {
    const [first, second, third] = current.transactions;
    const snapshot = snapshotWith({
      order: [second!.Id, first!.Id],
      fetched: new Map([[first!.Id, asService(first!)]]),
    });
    const content = parseContentFile(snapshot);
    if (!content.ok) throw new Error(content.problems.join("\n"));
    expect(content.content.transactions.map((t) => t.Id)).toEqual([second!.Id, first!.Id]);
    expect(content.content.transactions[1]).toMatchObject({ Date: "2026-07-01T00:00:00Z" });
    expect(content.content.descriptions).toEqual({
      [second!.Description]: current.descriptions[second!.Description],
      [first!.Description]: "<p>New words</p>",
    });
    expect(content.content.transactions.some((t) => t.Id === third!.Id)).toBe(false);
    expect(content.content.site).toEqual(current.site);
  });

  it("keeps a fetched deal's counterparty and service as held, when no field is set for them", () => {
    const deal = current.transactions[0]!;
    // Fields of these names are not the service's: nothing names them in the settings.
    const item = { ...asService(deal), Counterparty: "Not read", Service: "Not read" };
    const snapshot = snapshotWith({ order: [deal.Id], fetched: new Map([[deal.Id, item]]) });
    expect(deal.Counterparty).toBeTruthy();
    expect(snapshot.transactions[0]).toMatchObject({
      Counterparty: deal.Counterparty,
      Service: deal.Service,
    });
  });

  it("leaves the descriptions table as it is without a description field", () => {
    const snapshot = buildSnapshot({
      ...{ current, industries, tags, hierarchyTaxa: [], flatTaxa: [] },
      mapping: { ...mapping, descriptionField: undefined },
      deals: kept([]),
      articles: kept([]),
    });
    expect(snapshot.descriptions).toBe(current.descriptions);
  });
});

describe("descriptionClashes: deals that share a Description key", () => {
  const [first, second] = current.transactions;
  const sharing = { ...asService(second!), Description: first!.Description };

  it("names the deals whose shared key would hold two different descriptions", () => {
    const deals = {
      order: [first!.Id, second!.Id],
      fetched: new Map([
        [first!.Id, asService(first!)],
        [second!.Id, { ...sharing, DealDescription: "<p>Other words</p>" }],
      ]),
    };
    expect(descriptionClashes(inputWith(deals))).toEqual([
      { key: first!.Description, ids: [first!.Id, second!.Id] },
    ]);
  });

  it("lets deals share a key when their descriptions are the same", () => {
    const deals = {
      order: [first!.Id, second!.Id],
      fetched: new Map([
        [first!.Id, asService(first!)],
        [second!.Id, sharing],
      ]),
    };
    expect(descriptionClashes(inputWith(deals))).toEqual([]);
  });
});

describe("describeIssue: a refused item named as an editor finds it in Sitefinity", () => {
  const problems = (snapshot: ReturnType<typeof snapshotWith>) => {
    const result = parseContentFile(snapshot);
    if (result.ok) throw new Error("expected problems");
    return result.issues.map((issue) => describeIssue(issue, snapshot, names));
  };

  it("names the deal's set, Id and the service's own field names", () => {
    const deal = current.transactions[0]!;
    const unknownIndustry = "0a1b2c3d-0000-4000-8000-000000000009";
    const bad = { ...asService(deal), Date: "soon", Industries: [unknownIndustry] };
    expect(
      problems(snapshotWith({ order: [deal.Id], fetched: new Map([[deal.Id, bad]]) })),
    ).toEqual([
      `pasttransactions ${deal.Id}: Date: not a date`,
      `pasttransactions ${deal.Id}: Industries[0]: no such industry`,
    ]);
  });

  it("names a deal's counterparty and service by the service's own fields", () => {
    const deal = current.transactions[0]!;
    const bad = { ...asService(deal), DealCounterparty: ["Two", "Buyers"], DealService: 4 };
    const withFields = {
      ...inputWith({ order: [deal.Id], fetched: new Map([[deal.Id, bad]]) }),
      mapping: { ...mapping, counterpartyField: "DealCounterparty", serviceField: "DealService" },
    };
    expect(problems(buildSnapshot(withFields))).toEqual([
      `pasttransactions ${deal.Id}: DealCounterparty: not text or null`,
      `pasttransactions ${deal.Id}: DealService: not text or null`,
    ]);
  });

  it("names an article whose tag is not a topic, kept from before or fetched", () => {
    const [article, other] = current.articles;
    const notATopic = current.hierarchyTaxa[0]!.Id;
    const fetched = new Map([[article!.Id, { ...article!, Tags: [notATopic] } as Item]]);
    expect(
      problems(
        snapshotWith(kept(current.transactions), { order: [article!.Id, other!.Id], fetched }),
      ),
    ).toEqual([`newsitems ${article!.Id}: Tags[0]: no such tag`]);
  });

  it("names the deals whose description is refused by the description field", () => {
    const deal = current.transactions[0]!;
    const long = { ...asService(deal), DealDescription: "x".repeat(20_001) };
    expect(
      problems(snapshotWith({ order: [deal.Id], fetched: new Map([[deal.Id, long]]) })),
    ).toEqual([`pasttransactions ${deal.Id}: DealDescription: longer than 20000 characters`]);
  });
});
