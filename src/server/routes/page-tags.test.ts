import { beforeAll, describe, expect, it } from "vitest";
import { databaseForFile } from "../../../tests/helpers/temp-db.ts";
import type { ContentFile } from "../../content/content-file.ts";
import { generateContent } from "../../db/demo/generate.ts";
import { imageRepository } from "../../db/repositories/image-repository.ts";
import { feedRepository } from "../../db/repositories/feed-repository.ts";
import { searchRepository } from "../../db/repositories/search-repository.ts";
import { siteRepository } from "../../db/repositories/site-repository.ts";
import { createGroupResolver, groupOfIndustries } from "../../rules/industry-groups.ts";
import { createSearch } from "../../search/engine.ts";
import { contentChangeTags } from "../../sync/change-tags.ts";
import { taggedRepositories } from "./page-tags.ts";

// What a deal page and a service's paged list name, read as the pages read them from a real
// database, against the tags a change to a deal touches: a deal's change must reach the deal
// pages and the list pages that show it, and only those of its group or its service, unless it
// entered, left or moved in the list.

type Deal = ContentFile["transactions"][number];
const content = generateContent({ transactions: 300, articles: 0, seed: 3 });
const resolve = createGroupResolver(content.hierarchyTaxa);
const groupOf = (deal: Deal) => groupOfIndustries(deal.industries, resolve)?.id ?? null;

let tagsOf: (deal: Deal) => Promise<{ tags: Set<string>; shown: string[] }>;
let listPage: (service: string, page: number) => Promise<{ tags: Set<string>; shown: string[] }>;
const PER_PAGE = 12;
databaseForFile(content, (db) => {
  const repositories = {
    site: siteRepository(db),
    feeds: feedRepository(db),
    images: imageRepository(db),
    search: createSearch(searchRepository(db)),
  };
  // A deal page's reads: the deal, then its related deals.
  tagsOf = async (deal) => {
    const tags = new Set<string>();
    const { site } = taggedRepositories(repositories, tags);
    const shown = await site.relatedDeals((await site.deal(deal.UrlName))!);
    return { tags, shown: shown.map((d) => d.Id) };
  };
  // A page of a service's list of deals, as /services/…/transactions?page=N reads it.
  listPage = async (service, page) => {
    const tags = new Set<string>();
    const { site } = taggedRepositories(repositories, tags);
    const shown = await site.dealsOfService(service, PER_PAGE, (page - 1) * PER_PAGE);
    return { tags, shown: shown.items.map((d) => d.Id) };
  };
});

/** The content with one deal changed by `change`. */
function changed(deal: Deal, change: (copy: Deal) => void): ContentFile {
  const after = structuredClone(content);
  change(after.transactions.find((d) => d.Id === deal.Id)!);
  return after;
}

describe("a deal page's cache tags", () => {
  let page: Deal;
  let group: Deal[];
  beforeAll(() => {
    page = content.transactions.find((d) => groupOf(d) !== null)!;
    group = content.transactions.filter((d) => d !== page && groupOf(d) === groupOf(page));
  });

  it("are touched by a change to a deal of its group only when the page shows that deal", async () => {
    const { tags, shown } = await tagsOf(page);
    expect(shown).toHaveLength(4);
    expect(group.length).toBeGreaterThan(20);
    for (const other of group) {
      const touched = contentChangeTags(
        content,
        changed(other, (d) => (d.Company = `${d.Company} (renamed)`)),
      );
      expect(
        touched.some((tag) => tags.has(tag)),
        other.Company,
      ).toBe(shown.includes(other.Id));
    }
  });

  it("are touched by a deal of its group moved to the page's close date, which it then shows", async () => {
    const { tags, shown } = await tagsOf(page);
    const far = group.filter((d) => !shown.includes(d.Id)).at(-1)!;
    const touched = contentChangeTags(
      content,
      changed(far, (d) => (d.Date = page.Date)),
    );
    expect(touched.some((tag) => tags.has(tag))).toBe(true);
  });
});

describe("a service's paged list of deals' cache tags", () => {
  const service = content.transactions[0]!.Service!;
  const ofService = content.transactions.filter((d) => d.Service === service);
  const pages = async () => {
    const count = Math.ceil(ofService.length / PER_PAGE);
    return Promise.all(Array.from({ length: count }, (_, i) => listPage(service, i + 1)));
  };

  it("are touched by a renamed deal only on the page that shows it", async () => {
    const all = await pages();
    expect(all.length).toBeGreaterThan(2);
    for (const deal of [ofService[0]!, ofService.at(-1)!, ofService[30]!]) {
      const touched = contentChangeTags(
        content,
        changed(deal, (d) => (d.Company = `${d.Company} (renamed)`)),
      );
      const reached = all.map(({ tags }) => touched.some((tag) => tags.has(tag)));
      expect(reached).toEqual(all.map(({ shown }) => shown.includes(deal.Id)));
      expect(reached.filter(Boolean)).toHaveLength(1);
    }
  });

  it("are touched on every page by a deal that enters, leaves or moves in the list", async () => {
    const all = await pages();
    const deal = ofService[20]!;
    const other = content.transactions.find((d) => d.Service && d.Service !== service)!;
    const added = structuredClone(content);
    added.transactions.push({
      ...structuredClone(other),
      Id: "0d0d0d0d-0000-4000-8000-00000000000d",
      UrlName: "an-added-deal",
      Service: service,
    });
    const removed = structuredClone(content);
    removed.transactions = removed.transactions.filter((d) => d.Id !== deal.Id);
    for (const after of [
      added,
      removed,
      changed(deal, (d) => (d.Service = other.Service)),
      changed(other, (d) => (d.Service = service)),
      changed(deal, (d) => (d.Date = "2001-01-01T00:00:00Z")),
    ]) {
      const touched = contentChangeTags(content, after);
      for (const { tags } of all) expect(touched.some((tag) => tags.has(tag))).toBe(true);
    }
  });
});
