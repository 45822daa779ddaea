import { describe, expect, it } from "vitest";
import { parseContentFile, type ContentFile } from "../content/content-file.ts";
import { generateContent } from "../db/demo/generate.ts";
import {
  ALERT,
  OFFICES,
  PEOPLE,
  personDealsTag,
  personTag,
  ALL,
  ARTICLES,
  ARTICLES_ORDER,
  DEALS,
  DEALS_ORDER,
  dealsGroupTag,
  dealTag,
  pageTag,
  relatedEntryTags,
  SEARCH,
  articleTag,
  serviceDealsTag,
  topicArticlesTag,
} from "../rules/cache-tags.ts";
import { createGroupResolver, groupOfIndustries } from "../rules/industry-groups.ts";
import { contentChangeTags, MOST_ITEM_TAGS } from "./change-tags.ts";

const parsed = (content: ContentFile): ContentFile => {
  const result = parseContentFile(JSON.parse(JSON.stringify(content)));
  if (!result.ok) throw new Error(result.problems.join("\n"));
  return result.content;
};
const before = parsed(generateContent({ transactions: 40, articles: 20 }));
const copy = (): ContentFile => structuredClone(before);
const groupOf = (content: ContentFile, deal: ContentFile["transactions"][number]) =>
  groupOfIndustries(deal.industries, createGroupResolver(content.hierarchyTaxa))!.id;

describe("contentChangeTags", () => {
  it("names nothing when nothing changed, whatever order the keys come in", () => {
    const after = copy();
    after.transactions = after.transactions.map((deal) =>
      Object.fromEntries(Object.entries(deal).reverse()),
    ) as ContentFile["transactions"];
    expect(contentChangeTags(before, after)).toEqual([]);
  });

  it("names a changed deal, its group, the deals' lists and the search, and no other deal", () => {
    const after = copy();
    const deal = after.transactions[4]!;
    deal.Company = "Renamed Holdings";
    expect(contentChangeTags(before, after)).toEqual(
      [
        SEARCH,
        DEALS,
        dealTag(deal.Id),
        dealsGroupTag(groupOf(after, deal)),
        ...(deal.DealTeam ?? []).map(personDealsTag),
      ].sort(),
    );
  });

  it("names a changed person's profile, the lists of people and the search, and nothing else", () => {
    const after = copy();
    const person = after.people[3]!;
    person.JobTitle = "Senior Advisor";
    expect(contentChangeTags(before, after)).toEqual([PEOPLE, personTag(person.Id), SEARCH].sort());
  });

  it("names the offices when one moves, and the alert only when the one shown changes", () => {
    const after = copy();
    after.offices[1]!.Address = "1 New Street\nChicago, IL 60601";
    expect(contentChangeTags(before, after)).toEqual([OFFICES]);
    const older = copy();
    older.alerts.push({
      ...older.alerts[0]!,
      Id: "0b0b0b0b-0000-4000-8000-000000000000",
      PublicationDate: "2020-01-01T00:00:00Z",
    });
    expect(contentChangeTags(before, older)).toEqual([]);
    const changed = copy();
    changed.alerts[0]!.Title = "Our offices close at noon today.";
    changed.alerts[0]!.LastModified = "2026-11-27T08:00:00Z";
    expect(contentChangeTags(before, changed)).toEqual([ALERT]);
  });

  it("names the close date of a deal moved in time or added, for the deal pages it may now show on", () => {
    const after = copy();
    const moved = after.transactions[6]!;
    moved.Date = "2011-02-03T00:00:00Z";
    const added = { ...structuredClone(moved), Id: "0c0c0c0c-0000-4000-8000-00000000000c" };
    added.UrlName = "added-deal";
    added.Date = "2015-07-08T00:00:00Z";
    after.transactions.push(added);
    const tags = contentChangeTags(before, after);
    for (const deal of [moved, added])
      for (const tag of relatedEntryTags(groupOf(after, deal), deal.Date))
        expect(tags).toContain(tag);
    // A deal that only changed its name enters no page: the pages that show it name it.
    const renamed = copy();
    renamed.transactions[6]!.Company = "Renamed Holdings";
    expect(contentChangeTags(before, renamed).filter((t) => t.startsWith("related-"))).toEqual([]);
  });

  it("names a deal's description text as part of the deal", () => {
    const after = copy();
    const deal = after.transactions[2]!;
    after.descriptions[deal.Description] = "<p>Another text</p>";
    const tags = contentChangeTags(before, after);
    for (const shared of after.transactions.filter((t) => t.Description === deal.Description))
      expect(tags).toContain(dealTag(shared.Id));
  });

  it("names both groups of a deal that moved, and a removed article's topics", () => {
    const after = copy();
    const deal = after.transactions[1]!;
    const other = after.transactions.find((t) => groupOf(after, t) !== groupOf(after, deal))!;
    deal.industries = [...other.industries];
    const [gone] = after.articles.splice(0, 1);
    const tags = contentChangeTags(before, after);
    expect(tags).toContain(dealsGroupTag(groupOf(before, before.transactions[1]!)));
    expect(tags).toContain(dealsGroupTag(groupOf(after, other)));
    expect(tags).toContain(ARTICLES);
    expect(tags).toContain(ARTICLES_ORDER);
    expect(tags).toContain(articleTag(gone!.Id));
    for (const topic of gone!.Tags) expect(tags).toContain(topicArticlesTag(topic));
  });

  it("names the order of a paged list only when a deal entered it, left it or moved in it", () => {
    const deal = before.transactions[4]!;
    const other = before.transactions.find((t) => t.Service && t.Service !== deal.Service)!;
    const orders = (after: ContentFile) =>
      contentChangeTags(before, after).filter(
        (tag) => tag === DEALS_ORDER || tag.startsWith("deals-service-"),
      );
    const reserviced = copy();
    reserviced.transactions[4]!.Service = other.Service;
    expect(orders(reserviced)).toEqual(
      [serviceDealsTag(deal.Service!), serviceDealsTag(other.Service!)].sort(),
    );
    const dated = copy();
    dated.transactions[4]!.Date = "2012-05-06T00:00:00Z";
    expect(orders(dated)).toEqual([DEALS_ORDER, serviceDealsTag(deal.Service!)].sort());
    // The same instant written another way sorts the same: nothing moved.
    const rewritten = copy();
    rewritten.transactions[4]!.Date = deal.Date.replace("Z", "+00:00");
    rewritten.transactions[4]!.Company = "Renamed Holdings";
    expect(orders(rewritten)).toEqual([]);
    const removed = copy();
    removed.transactions.splice(4, 1);
    expect(orders(removed)).toEqual([DEALS_ORDER, serviceDealsTag(deal.Service!)].sort());
  });

  it("names the lists of items that swapped places in the file, and no item a removal moved up", () => {
    const swapped = copy();
    const [a, b] = swapped.transactions.splice(2, 2);
    swapped.transactions.splice(2, 0, b!, a!);
    const [x, y] = swapped.articles.splice(5, 2);
    swapped.articles.splice(5, 0, y!, x!);
    const tags = contentChangeTags(before, swapped);
    expect(tags).toContain(DEALS_ORDER);
    expect(tags).toContain(ARTICLES_ORDER);
    for (const deal of [a!, b!])
      if (deal.Service) expect(tags).toContain(serviceDealsTag(deal.Service));
    for (const topic of new Set([...x!.Tags, ...y!.Tags]))
      expect(tags).toContain(topicArticlesTag(topic));
    const removed = copy();
    const [gone] = removed.transactions.splice(0, 1);
    const dealTags = contentChangeTags(before, removed).filter((tag) => tag.startsWith("deal-"));
    expect(dealTags).toEqual([dealTag(gone!.Id)]);
  });

  it("names everything when a taxon or the site settings changed", () => {
    const renamed = copy();
    renamed.flatTaxa[0]!.Title = "Another name";
    expect(contentChangeTags(before, renamed)).toEqual([ALL]);
    const settings = copy();
    settings.site.tagline = "Another tagline";
    expect(contentChangeTags(before, settings)).toEqual([ALL]);
  });

  it("names only the page and the search when a plain page's body changed, everything for a hub's", () => {
    const text = copy();
    const about = text.site.pages.find((p) => p.path === "/about")!;
    about.content = "<p>New text.</p>";
    about.contentBlock = {
      Id: "0c1d2e3f-4a5b-4c6d-8e7f-8091a2b3c4d5",
      Title: "About",
      LastModified: "2026-01-05T09:30:00Z",
    };
    expect(contentChangeTags(before, text)).toEqual([pageTag("/about"), SEARCH].sort());
    const hub = copy();
    hub.site.pages.find((p) => p.path.startsWith("/industries/"))!.content = "<p>New.</p>";
    expect(contentChangeTags(before, hub)).toEqual([ALL]);
  });

  it("names everything when more items changed than purges should carry one by one", () => {
    const after = copy();
    for (const deal of after.transactions) deal.Company = `${deal.Company} (renamed)`;
    const many = parsed(generateContent({ transactions: MOST_ITEM_TAGS + 1, articles: 0 }));
    const renamed = structuredClone(many);
    for (const deal of renamed.transactions) deal.Company = `${deal.Company} (renamed)`;
    expect(contentChangeTags(many, renamed)).toEqual([ALL]);
    // At the bound or under it, each item is named.
    expect(contentChangeTags(before, after)).toContain(DEALS);
  });
});
