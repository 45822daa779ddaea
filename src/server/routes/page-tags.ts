import type { FeedRepository } from "../../db/repositories/feed-repository.ts";
import type { ImageRepository } from "../../db/repositories/image-repository.ts";
import type { SiteSearch } from "../../search/engine.ts";
import type { SiteRepository } from "../../db/repositories/site-repository.ts";
import {
  ALERT,
  OFFICES,
  PEOPLE,
  personDealsTag,
  personTag,
  ARTICLES,
  ARTICLES_ORDER,
  articleTag,
  DEALS,
  DEALS_ORDER,
  dealsGroupTag,
  dealTag,
  relatedDealsTags,
  imageTag,
  pageTag,
  SEARCH,
  SITE,
  TAXA,
  listPageTags,
  serviceDealsTag,
  topicArticlesTag,
  UNHELD_IMAGES,
} from "../../rules/cache-tags.ts";

// What a page shows, said by the repository calls it makes while it renders: each call adds the
// cache tags of what it read (src/rules/cache-tags.ts) to the page's. Every method of the
// repositories a page reads has its entry, so a page cannot show content it does not name (a new
// method without one is a type error). A lookup that found nothing names the list it would be
// in, so that the 404 goes once the item is published.

type Method = (...args: never[]) => Promise<unknown>;
/** For each method: the tags of a call, from its result and its arguments. */
type Taggers<T> = {
  [K in keyof T]: T[K] extends (...args: infer A) => Promise<infer R>
    ? (result: R, ...args: A) => readonly string[]
    : never;
};

const SITE_TAGS: Taggers<SiteRepository> = {
  site: () => [SITE],
  page: (_page, path) => [pageTag(path)],
  latestArticles: (page) => listPageTags(page.items, articleTag, ARTICLES_ORDER),
  articlesByTag: (page, tagId) => listPageTags(page.items, articleTag, topicArticlesTag(tagId)),
  article: (article) => (article ? [articleTag(article.Id)] : [ARTICLES]),
  topics: () => [TAXA],
  trackRecord: () => [DEALS, TAXA],
  descriptions: () => [DEALS],
  sitemapEntries: () => [DEALS, ARTICLES, TAXA],
  latestTransactions: () => [DEALS],
  deal: (deal) => (deal ? [dealTag(deal.Id)] : [DEALS]),
  industryGroups: () => [TAXA],
  dealsOfGroup: (_result, groupId) => [dealsGroupTag(groupId)],
  groupDealFacts: (_result, groupId) => [dealsGroupTag(groupId)],
  dealsOfService: (page, service) => listPageTags(page.items, dealTag, serviceDealsTag(service)),
  relatedDeals: (deals, deal) =>
    relatedDealsTags({ Date: deal.Date, groupId: deal.group?.Id ?? null }, deals),
  dealsOfPerson: (_result, personId) => [personDealsTag(personId)],
  people: () => [PEOPLE],
  peopleOfGroup: () => [PEOPLE],
  person: (found) => (found && "person" in found ? [personTag(found.person.Id)] : [PEOPLE]),
  dealTeam: (team) => team.map((p) => personTag(p.Id)),
  offices: () => [OFFICES],
  alerts: () => [ALERT],
  personAddresses: () => [PEOPLE],
};

const FEED_TAGS: Taggers<FeedRepository> = {
  latestArticles: (rows) => listPageTags(rows, articleTag, ARTICLES_ORDER),
  articlesTagged: (rows, tagId) => listPageTags(rows, articleTag, topicArticlesTag(tagId)),
  latestDeals: (rows) => listPageTags(rows, dealTag, DEALS_ORDER),
  // Read only by a feed with no entries, whose time is the content's.
  contentUpdated: () => [DEALS, ARTICLES],
};

const IMAGE_TAGS: Taggers<ImageRepository> = {
  // Each image shown; and, when one was not held, the tag of the write that will hold it.
  held: (found, addresses) => [
    ...[...found.values()].map((image) => imageTag(image.digest)),
    ...(addresses.some((address) => !found.has(address)) ? [UNHELD_IMAGES] : []),
  ],
};

const SEARCH_TAGS: Partial<Taggers<SiteSearch>> = {
  search: () => [SEARCH],
  suggest: () => [SEARCH],
};

/** `repository` with every tagged call adding its tags to `sink`. */
function tagged<T extends object>(
  repository: T,
  taggers: Partial<Taggers<T>>,
  sink: Set<string>,
): T {
  const wrapped = { ...repository } as Record<string, unknown>;
  for (const [name, tagsOf] of Object.entries(taggers) as [
    string,
    (...a: unknown[]) => string[],
  ][]) {
    const method = (repository as Record<string, Method>)[name]!;
    wrapped[name] = async (...args: never[]) => {
      const result = await method.apply(repository, args);
      for (const tag of tagsOf(result, ...args)) sink.add(tag);
      return result;
    };
  }
  return wrapped as T;
}

/** The repositories a page reads, each call naming what it read in `sink`. */
export function taggedRepositories(
  repositories: {
    site: SiteRepository;
    feeds: FeedRepository;
    images: ImageRepository;
    search: SiteSearch;
  },
  sink: Set<string>,
) {
  return {
    site: tagged(repositories.site, SITE_TAGS, sink),
    feeds: tagged(repositories.feeds, FEED_TAGS, sink),
    images: tagged(repositories.images, IMAGE_TAGS, sink),
    search: tagged(repositories.search, SEARCH_TAGS, sink),
  };
}
