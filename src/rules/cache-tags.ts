// The cache tags a reply carries and a content change touches, so that a change drops (in each
// instance) and purges (in Varnish, Fastly or Cloudflare) only the replies that show it. A reply
// names what it shows; a change names what it altered; the caches match the two.
//
// A page names the site settings (its header, menus and footer), every item it shows, and the
// lists it shows: a deal changed anywhere may enter or leave the home page's newest deals, so a
// list is tagged as a list, not by the items it happens to hold today. The lists of one industry
// group (its hub, the related deals on its deals' pages) are tagged by group, so a deal's change
// reaches its group's pages and not every deal page.

/** On every tagged reply: a change that replaced everything (an import) touches it. */
export const ALL = "all";
/** The site settings: every page's header, menus, alert and footer. */
export const SITE = "site";
/** Any list of deals (newest deals, the track record's figures, a service's deals, feeds). */
export const DEALS = "deals";
/** Any list of articles. */
export const ARTICLES = "articles";
/** The taxonomies and their taxa (industries, topics) as lists. */
export const TAXA = "taxa";
/** Search results and suggestions, which may show any item. */
export const SEARCH = "search";

export const dealTag = (id: string) => `deal-${id.toLowerCase()}`;
export const articleTag = (id: string) => `article-${id.toLowerCase()}`;
export const taxonTag = (id: string) => `taxon-${id.toLowerCase()}`;
/** The lists of one industry group's deals: its hub, and related deals on its deals' pages. */
export const dealsGroupTag = (groupId: string) => `deals-group-${groupId.toLowerCase()}`;

/** A tag as a header value may carry it: no spaces, commas or control characters. */
const SAFE = /^[a-z0-9._-]{1,128}$/;

/**
 * The headers that name a reply's tags: `Surrogate-Key` (space-separated: Fastly, and Varnish
 * through deploy/varnish.vcl) and `Cache-Tag` (comma-separated: Cloudflare). `ALL` comes first
 * and every tag once; a tag that is not safe in a header (an Id from content is checked, but this
 * is the last line) is left out rather than sent broken.
 */
export function tagHeaders(tags: Iterable<string>): {
  "surrogate-key": string;
  "cache-tag": string;
} {
  const list = [...new Set([ALL, ...tags])].filter((tag) => SAFE.test(tag));
  return { "surrogate-key": list.join(" "), "cache-tag": list.join(",") };
}

/** A deal as a change sees it: its Id and the industry group it is listed under. */
export interface TaggedDeal {
  readonly Id: string;
  readonly groupId: string | null;
}

/** An article as a change sees it: its Id and its topics' Ids. */
export interface TaggedArticle {
  readonly Id: string;
  readonly Tags: readonly string[];
}

/**
 * The tags a change to some deals and articles touches: each item's own, the lists it was and is
 * in (before and after, so a deal that moves group leaves its old hub too), and the search. An
 * item absent on one side was added or removed.
 */
export function changeTags(change: {
  deals: readonly { before?: TaggedDeal; after?: TaggedDeal }[];
  articles: readonly { before?: TaggedArticle; after?: TaggedArticle }[];
}): string[] {
  const tags = new Set<string>([SEARCH]);
  for (const { before, after } of change.deals) {
    tags.add(DEALS);
    for (const deal of [before, after]) {
      if (!deal) continue;
      tags.add(dealTag(deal.Id));
      if (deal.groupId !== null) tags.add(dealsGroupTag(deal.groupId));
    }
  }
  for (const { before, after } of change.articles) {
    tags.add(ARTICLES);
    for (const article of [before, after]) {
      if (!article) continue;
      tags.add(articleTag(article.Id));
      for (const topic of article.Tags) tags.add(taxonTag(topic));
    }
  }
  return [...tags].sort();
}

/** A held image: its addresses, and the pages that show it (by the SHA-256 of its bytes). */
export const imageTag = (digest: string) => `image-${digest.toLowerCase()}`;
/**
 * Pages that left out an image the site did not hold (it failed, or is on its way): a write that
 * holds an image it did not hold before touches them.
 */
export const UNHELD_IMAGES = "images-unheld";
