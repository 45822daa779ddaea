import { describe, expect, it } from "vitest";
import type { ContentFile } from "../../content/content-file.ts";
import { ROOT_PARENT_ID } from "../../rules/taxonomies.ts";
import { databaseForFile } from "../../../tests/helpers/temp-db.ts";
import { generateContent } from "../demo/generate.ts";
import { siteRepository, type SiteRepository } from "./site-repository.ts";

// The deals as the pages read them, from a real database file (SQLite, or PostgreSQL under
// scripts/with-postgres.ts). Expectations are worked out from the content file alone.

const content: ContentFile = generateContent({ transactions: 90, articles: 5, seed: 11 });
// A deal filed under no industry, recording neither counterparty nor service, as older files have.
const loose = content.transactions[7]!;
loose.industries = [];
delete loose.Counterparty;
delete loose.Service;

type Deal = ContentFile["transactions"][number];
const taxon = (id: string) => content.hierarchyTaxa.find((t) => t.Id === id)!;
function groupOf(deal: Deal) {
  const first = deal.industries[0];
  if (first === undefined) return null;
  let t = taxon(first);
  while (t.ParentId !== ROOT_PARENT_ID) t = taxon(t.ParentId);
  return { Id: t.Id, Title: t.Title, UrlName: t.UrlName };
}
const position = (deal: Deal) => content.transactions.indexOf(deal);
const newestFirst = (a: Deal, b: Deal) => b.Date.localeCompare(a.Date) || position(a) - position(b);
/** A deal as a card: what a tombstone draws. */
const card = (deal: Deal) => ({
  Id: deal.Id,
  UrlName: deal.UrlName,
  Company: deal.Company,
  Date: deal.Date,
  Size: deal.Size,
  Counterparty: deal.Counterparty ?? null,
  Service: deal.Service ?? null,
  group: groupOf(deal),
});

let repo: SiteRepository;
databaseForFile(content, (db) => {
  repo = siteRepository(db);
});

describe("deals for the pages (real database)", () => {
  it("lists the newest deals with their counterparty, service, group and description", async () => {
    const expected = [...content.transactions].sort(newestFirst).slice(0, 12);
    const latest = await repo.latestTransactions(12);
    expect(latest).toEqual(
      expected.map((deal) => ({
        ...card(deal),
        Description: deal.Description,
        DescriptionHtml: content.descriptions[deal.Description],
      })),
    );
    expect(latest.every((d) => d.Counterparty !== null && d.group !== null)).toBe(true);
  });

  it("gives a deal's page its counterparty, service and group, or nulls where it has none", async () => {
    const deal = content.transactions.find((d) => groupOf(d)!.Id !== d.industries[0])!;
    expect(await repo.deal(deal.UrlName)).toEqual({
      ...card(deal),
      DescriptionHtml: content.descriptions[deal.Description],
      industry: taxon(deal.industries[0]!).Title,
      industryGroup: groupOf(deal)!.Title,
    });
    expect(await repo.deal(loose.UrlName)).toMatchObject({
      Counterparty: null,
      Service: null,
      group: null,
      industry: null,
      industryGroup: null,
    });
  });

  it("lists the industry groups in the editors' order, each with its page's UrlName", async () => {
    const groups = content.hierarchyTaxa
      .filter((x) => x.ParentId === ROOT_PARENT_ID)
      .sort((a, b) => a.Ordinal - b.Ordinal);
    expect(await repo.industryGroups()).toEqual(
      groups.map(({ Id, Title, UrlName }) => ({ Id, Title, UrlName })),
    );
  });

  it("lists a group's newest deals, children's deals among them, and counts them all", async () => {
    for (const group of await repo.industryGroups()) {
      const inGroup = content.transactions.filter((d) => groupOf(d)?.Id === group.Id);
      const page = await repo.dealsOfGroup(group.Id, 5);
      expect(page.total, group.Title).toBe(inGroup.length);
      expect(page.items, group.Title).toEqual(inGroup.sort(newestFirst).slice(0, 5).map(card));
    }
    const child = content.hierarchyTaxa.find((x) => x.ParentId !== ROOT_PARENT_ID)!;
    expect(await repo.dealsOfGroup(child.Id, 5)).toEqual({ items: [], total: 0 });
    expect(await repo.dealsOfGroup("0f0f0f0f-0000-4000-8000-000000000000", 5)).toEqual({
      items: [],
      total: 0,
    });
  });

  it("lists a service's newest deals and counts them; nothing for a service no deal has", async () => {
    for (const service of ["Sell-Side Advisory", "Capital Raising", "Restructuring"]) {
      const done = content.transactions.filter((d) => d.Service === service);
      const page = await repo.dealsOfService(service, 3);
      expect(done.length, service).toBeGreaterThan(0);
      expect(page, service).toEqual({
        items: done.sort(newestFirst).slice(0, 3).map(card),
        total: done.length,
      });
    }
    expect(await repo.dealsOfService("sell-side advisory", 3)).toEqual({ items: [], total: 0 });
  });

  it("relates to a deal the four others of its group nearest to it in close date", async () => {
    const related = (deal: Deal) => {
      const at = Date.parse(deal.Date);
      const distance = (d: Deal) => Math.abs(Date.parse(d.Date) - at);
      return content.transactions
        .filter((d) => d !== deal && groupOf(d) !== null && groupOf(d)?.Id === groupOf(deal)?.Id)
        .sort((a, b) => distance(a) - distance(b) || newestFirst(a, b))
        .slice(0, 4)
        .map(card);
    };
    // Every fifth demo deal closes on the day of the one before: ties on distance among them.
    for (const deal of content.transactions.slice(0, 30).filter((d) => d !== loose)) {
      const found = await repo.relatedDeals({ ...deal, group: groupOf(deal) });
      expect(found, deal.Company).toEqual(related(deal));
      expect(found).toHaveLength(4);
    }
    expect(await repo.relatedDeals({ ...loose, group: null })).toEqual([]);
  });
});

describe("related deals of a group too small to be among the deals nearest in date", () => {
  // 1,500 deals, one group left with six: the deals nearest to one of them in date (a few dozen,
  // then a thousand) hold too few of its group, so the group is read whole.
  const many: ContentFile = generateContent({ transactions: 1500, articles: 0, seed: 5 });
  const taxa = new Map(many.hierarchyTaxa.map((t) => [t.Id, t]));
  const groupIn = (deal: Deal) => {
    let t = taxa.get(deal.industries[0]!)!;
    while (t.ParentId !== ROOT_PARENT_ID) t = taxa.get(t.ParentId)!;
    return { Id: t.Id, Title: t.Title, UrlName: t.UrlName };
  };
  const small = groupIn(many.transactions[0]!);
  const other = many.transactions.find((d) => groupIn(d).Id !== small.Id)!;
  const kept = many.transactions.filter((d) => groupIn(d).Id === small.Id).slice(0, 6);
  for (const deal of many.transactions)
    if (groupIn(deal).Id === small.Id && !kept.includes(deal))
      deal.industries = [...other.industries];
  let deals: SiteRepository;
  databaseForFile(many, (db) => {
    deals = siteRepository(db);
  });

  it("still finds the four nearest of the group, in order", async () => {
    const order = (deal: Deal) => many.transactions.indexOf(deal);
    for (const deal of kept) {
      const at = Date.parse(deal.Date);
      const distance = (d: Deal) => Math.abs(Date.parse(d.Date) - at);
      const expected = kept
        .filter((d) => d !== deal)
        .sort(
          (a, b) =>
            distance(a) - distance(b) || b.Date.localeCompare(a.Date) || order(a) - order(b),
        )
        .slice(0, 4)
        .map((d) => d.Id);
      const found = await deals.relatedDeals({ ...deal, group: small });
      expect(
        found.map((d) => d.Id),
        deal.Company,
      ).toEqual(expected);
    }
  });
});
