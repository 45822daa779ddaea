import { storedDateTime } from "./date-time.ts";

// The cache tags a reply carries and a content change touches, so that a change drops (in each
// instance) and purges (in Varnish, Fastly or Cloudflare) only the replies that show it. A reply
// names what it shows; a change names what it altered; the caches match the two.
//
// A page names the site settings (its header, menus and footer), every item it shows, and the
// lists it shows. A list whose every item a page depends on (the track record's figures, the
// widget's descriptions, the sitemap) is tagged as a list: any change to its items touches it.
// The lists of one industry group (its hub, its figures) are tagged by group.
//
// A list shown a page at a time (a service's deals, the articles, a topic's articles, the feeds)
// names the items the page shows and the list's order tag. Which pages may a change to item X
// alter? The pages that show X (their items' tags), whatever changed in X; and, when X entered
// or left the list, or moved in it (its date, the sort key, changed; or its place among items of
// the same date), every page of that list: each page's items, its count ("1,234 transactions")
// and its number of pages may shift. The order tag is touched then, and only then: a renamed
// deal re-renders the pages that show it, not the hundreds of pages of its service's list.
//
// A deal page's related deals (the four others of its group nearest to it in close date) are one
// list per page, and a group holds thousands of deals: tagged by group, one deal's change would
// reach every page of its group (about 1,250 at 10,000 deals). So they are tagged by what could
// change them. Which pages may a change to deal X alter?
//  - X's own page (its tag), and the pages that show X among their related deals: whatever
//    changed in X (its name, size, date or group, or X removed), each of them names X's tag.
//  - The pages that do not show X yet, but will: X was added to a group, moved into it from
//    another, or moved within it to another close date. X then enters page D's related deals
//    only if X's new date lies no farther from D's date than the farthest of D's four (on a tie
//    the order may still take X), so D names that span of dates, its window, in calendar buckets
//    of its group (relatedWindowTags), and X names the buckets of its new date in its new group at
//    every size (relatedEntryTags). A bucket is a day, a month or a year (UTC): a page names the
//    finest size that covers its window in a few buckets, so it is dropped by a change close to
//    it in time and not by the group's other changes.
//  - A page that shows fewer than four related deals (its group is that small) may take any deal
//    added to the group: it names the group's tag, which every change in the group touches.
//  - Nothing else: a deal that leaves a group or moves away from D's window changes only the pages
//    that showed it, which name it; a deal in another group, or far from D in time, none.
// Pages kept for reasons of their own (the hub, the lists) are tagged as before.

/** On every tagged reply: a change that replaced everything (an import) touches it. */
export const ALL = "all";
/** The site settings: every page's header, menus, alert and footer. */
export const SITE = "site";
/** Any list of deals named as a list (the track record's figures, the widget's, the sitemap). */
export const DEALS = "deals";
/** Any list of articles named as a list (the sitemap, the API's). */
export const ARTICLES = "articles";
/** Which deals the list of every deal by close date holds, in what order (the deals' feed). */
export const DEALS_ORDER = "deals-order";
/** Which articles the list of every article by date holds, in what order (their pages, feed). */
export const ARTICLES_ORDER = "articles-order";
/** The taxonomies and their taxa (industries, topics) as lists. */
export const TAXA = "taxa";
/** Search results and suggestions, which may show any item. */
export const SEARCH = "search";

export const dealTag = (id: string) => `deal-${id.toLowerCase()}`;
export const articleTag = (id: string) => `article-${id.toLowerCase()}`;
/** The lists of one industry group's deals: its hub and figures, related deals of a small group. */
export const dealsGroupTag = (groupId: string) => `deals-group-${groupId.toLowerCase()}`;
/** Which deals one service's list holds (by the deal's Service, as stored), in what order. */
export const serviceDealsTag = (service: string) =>
  `deals-service-${service
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .slice(0, 100)}`;
/** Which articles one topic's list holds (its pages, its feed), in what order. */
export const topicArticlesTag = (topicId: string) => `articles-topic-${topicId.toLowerCase()}`;
/** The tags of one page of a list: each item shown (by `itemTag`) and the list's order tag. */
export const listPageTags = (
  shown: readonly { readonly Id: string }[],
  itemTag: (id: string) => string,
  orderTag: string,
): string[] => [...shown.map((item) => itemTag(item.Id)), orderTag];
/** The related deals of a group's pages whose window holds `bucket` (a day, month or year). */
export const relatedTag = (groupId: string, bucket: string) =>
  `related-${groupId.toLowerCase()}-${bucket}`;

/** How many deals "related deals" shows at most (the deal pages). */
export const RELATED_DEALS = 4;
/** Most buckets a page's window names before it names a coarser size of bucket. */
const MOST_WINDOW_BUCKETS = 6;
/** The bucket sizes, finest first: the characters of a UTC ISO date-time that name a bucket. */
const BUCKET_LENGTHS = [10, 7, 4] as const;
const bucketOf = (ms: number, length: number) => new Date(ms).toISOString().slice(0, length);
/** Milliseconds since the epoch of a date-time (any ISO form, up to 7 fractional digits). */
const instant = (iso: string) => Date.parse(iso.replace(/(\.\d{3})\d+/, "$1"));

/**
 * The tags of a deal page's related deals: each deal shown, and either the buckets of its window
 * in its group (the dates a deal may enter at) or, when fewer than the full four are shown, the
 * group's tag. A deal of no group shows none and names nothing more.
 */
export function relatedDealsTags(
  anchor: { readonly Date: string; readonly groupId: string | null },
  shown: readonly { readonly Id: string; readonly Date: string }[],
): string[] {
  const tags = shown.map((deal) => dealTag(deal.Id));
  if (anchor.groupId === null) return tags;
  if (shown.length < RELATED_DEALS) return [...tags, dealsGroupTag(anchor.groupId)];
  const at = instant(anchor.Date);
  const reach = Math.max(...shown.map((deal) => Math.abs(instant(deal.Date) - at)));
  if (!Number.isFinite(at) || !Number.isFinite(reach))
    return [...tags, dealsGroupTag(anchor.groupId)];
  for (const length of BUCKET_LENGTHS) {
    const buckets = bucketsBetween(at - reach, at + reach, length);
    if (buckets.length <= MOST_WINDOW_BUCKETS)
      return [...tags, ...buckets.map((b) => relatedTag(anchor.groupId!, b))];
  }
  return [...tags, dealsGroupTag(anchor.groupId)];
}

/** The buckets of one size from the one holding `from` to the one holding `to`, in order. */
function bucketsBetween(from: number, to: number, length: number): string[] {
  const last = bucketOf(to, length);
  const buckets = [bucketOf(from, length)];
  // A day, month or year later than the last one named, until the last is reached.
  for (let step = 1; buckets.at(-1)! < last && buckets.length <= MOST_WINDOW_BUCKETS; step++) {
    const next = new Date(from);
    if (length === 10) next.setUTCDate(next.getUTCDate() + step);
    else if (length === 7) next.setUTCMonth(next.getUTCMonth() + step, 1);
    else next.setUTCFullYear(next.getUTCFullYear() + step, 0, 1);
    buckets.push(bucketOf(Math.min(next.getTime(), to), length));
  }
  return buckets;
}

/** The tags of a deal entering `groupId` at `date`: its date's bucket of every size. */
export function relatedEntryTags(groupId: string, date: string): string[] {
  const at = instant(date);
  if (!Number.isFinite(at)) return [dealsGroupTag(groupId)];
  return BUCKET_LENGTHS.map((length) => relatedTag(groupId, bucketOf(at, length)));
}

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

/** A deal as a change sees it: its Id, its group, close date, service and team. */
export interface TaggedDeal {
  readonly Id: string;
  readonly groupId: string | null;
  readonly Date: string;
  /** The firm's role (its service's list holds it), as stored; null when not recorded. */
  readonly Service: string | null;
  /** The people on its team, whose profiles list it. */
  readonly team?: readonly string[];
}

/** An article as a change sees it: its Id, its date (its lists' sort key) and its topics' Ids. */
export interface TaggedArticle {
  readonly Id: string;
  readonly PublicationDate: string;
  readonly Tags: readonly string[];
}

/**
 * An item before and after a change; absent on one side when it was added or removed.
 * `isMoved`: its place among the items changed (a list orders items of the same date by it).
 */
export interface ChangedPair<T> {
  readonly before?: T;
  readonly after?: T;
  readonly isMoved?: boolean;
}

/** A date-time as its lists sort it (the stored text), whatever form it was written in. */
const sortKey = (dateTime: string) => storedDateTime(dateTime) ?? dateTime;

/** Whether a change added, removed or re-sorted the item: every list it is in may shift. */
function isResorted<T>({ before, after, isMoved }: ChangedPair<T>, date: (item: T) => string) {
  if (before === undefined || after === undefined || isMoved === true) return true;
  return sortKey(date(before)) !== sortKey(date(after));
}

/**
 * The order tags a change touches, among the lists `listsOf` names for an item: each list the
 * item entered or left, and, when it was re-sorted, each list it was or is in.
 */
function orderTags<T>(pair: ChangedPair<T>, listsOf: (item: T) => readonly string[], all: boolean) {
  const was = new Set(pair.before === undefined ? [] : listsOf(pair.before));
  const is = new Set(pair.after === undefined ? [] : listsOf(pair.after));
  return [...new Set([...was, ...is])].filter((list) => all || was.has(list) !== is.has(list));
}

/**
 * The tags a change to some deals and articles touches: each item's own, the lists it was and is
 * in (before and after, so a deal that moves group leaves its old hub too), the search, the order
 * tags of the paged lists it entered, left or moved in, and for a deal that enters a group or a
 * date in it, the related deals whose window holds that date.
 */
export function changeTags(change: {
  deals: readonly ChangedPair<TaggedDeal>[];
  articles: readonly ChangedPair<TaggedArticle>[];
}): string[] {
  const tags = new Set<string>([SEARCH]);
  const dealLists = (deal: TaggedDeal) => [
    DEALS_ORDER,
    ...(deal.Service === null ? [] : [serviceDealsTag(deal.Service)]),
  ];
  for (const pair of change.deals) {
    const { before, after } = pair;
    tags.add(DEALS);
    for (const deal of [before, after]) {
      if (!deal) continue;
      tags.add(dealTag(deal.Id));
      if (deal.groupId !== null) tags.add(dealsGroupTag(deal.groupId));
      for (const person of deal.team ?? []) tags.add(personDealsTag(person));
    }
    const resorted = isResorted(pair, (deal) => deal.Date);
    for (const tag of orderTags(pair, dealLists, resorted)) tags.add(tag);
    const entered = after?.groupId ?? null;
    const isEntering =
      entered !== null &&
      (before === undefined ||
        pair.isMoved === true ||
        before.groupId !== entered ||
        instant(before.Date) !== instant(after!.Date));
    if (isEntering) for (const tag of relatedEntryTags(entered, after!.Date)) tags.add(tag);
  }
  const articleLists = (article: TaggedArticle) => [
    ARTICLES_ORDER,
    ...article.Tags.map(topicArticlesTag),
  ];
  for (const pair of change.articles) {
    tags.add(ARTICLES);
    for (const article of [pair.before, pair.after]) if (article) tags.add(articleTag(article.Id));
    const resorted = isResorted(pair, (article) => article.PublicationDate);
    for (const tag of orderTags(pair, articleLists, resorted)) tags.add(tag);
  }
  return [...tags].sort();
}

/** Any list of the firm's people (the leadership page, an industry hub's bankers). */
export const PEOPLE = "people";
/** The firm's offices (the contact page, the home page). */
export const OFFICES = "offices";
/** The site's alert, on every page. */
export const ALERT = "alert";
/** One person's profile, and wherever they are shown by name (a deal's team). */
export const personTag = (id: string) => `person-${id.toLowerCase()}`;
/** The list of one person's deals (their profile's selected transactions). */
export const personDealsTag = (id: string) => `person-deals-${id.toLowerCase()}`;
/**
 * One plain page's body (its text from a content block): the page at `path`, and nothing else.
 * A path's slashes become dots, which no page path holds, so that the tag is safe in a header.
 */
export const pageTag = (path: string) =>
  `page-${path.toLowerCase().replace(/^\//, "").replaceAll("/", ".")}`;
/** A held image: its addresses, and the pages that show it (by the SHA-256 of its bytes). */
export const imageTag = (digest: string) => `image-${digest.toLowerCase()}`;

/**
 * Whether a change's tags are those of an image's renditions being stored (its tag alone): the
 * one write that changes no content, only which copies of an image the pages offer.
 */
export const isRenditionsChange = (tags: readonly string[]): boolean =>
  tags.length === 1 && tags[0]!.startsWith("image-");
/**
 * Pages that left out an image the site did not hold (it failed, or is on its way): a write that
 * holds an image it did not hold before touches them.
 */
export const UNHELD_IMAGES = "images-unheld";
