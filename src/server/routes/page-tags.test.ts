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

// What a deal page names, read as the page reads it from a real database, against the tags a
// change to another deal touches: a deal's change must reach the deal pages that show it, and
// only those of its group.

type Deal = ContentFile["transactions"][number];
const content = generateContent({ transactions: 300, articles: 0, seed: 3 });
const resolve = createGroupResolver(content.hierarchyTaxa);
const groupOf = (deal: Deal) => groupOfIndustries(deal.industries, resolve)?.id ?? null;

let tagsOf: (deal: Deal) => Promise<{ tags: Set<string>; shown: string[] }>;
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
