import type { ContentFile } from "../content/content-file.ts";
import { currentAlert } from "../rules/site-alert.ts";
import {
  ALERT,
  ALL,
  changeTags,
  OFFICES,
  PEOPLE,
  pageTag,
  personDealsTag,
  personTag,
  SEARCH,
} from "../rules/cache-tags.ts";
import { isPlainPagePath } from "../rules/site-paths.ts";
import { createGroupResolver, groupOfIndustries } from "../rules/industry-groups.ts";

// What a content write changes, and the cache tags it touches, from the content before and after
// it: the deals and articles that were added, removed or changed (a deal's description text
// included), with their lists. A change to the taxonomies, their taxa or the site settings may
// show on any page (a group's name, a topic's, the menus), so it touches everything; but a plain
// page's body (a content block's text) shows on that page alone, and in the search.

type Deal = ContentFile["transactions"][number];
type Article = ContentFile["articles"][number];

/**
 * An item before and after a change; absent on one side when it was added or removed.
 * `isMoved`: its place among the items changed, which orders the items of one date in a list.
 */
export interface ItemPair<T> {
  before?: T;
  after?: T;
  isMoved?: boolean;
}

/** The parts of a content file that say what its deals and articles show. */
type Items = Pick<ContentFile, "transactions" | "articles" | "descriptions">;

/** JSON with every object's keys in order: the database and a parsed file order them apart. */
const canonical = (value: unknown): string =>
  JSON.stringify(value, (_key, v: unknown) =>
    v !== null && typeof v === "object" && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : v,
  );
const same = (a: unknown, b: unknown) => canonical(a) === canonical(b);

/** The pairs of items that were added, removed or differ; `read` says what a visitor sees. */
function differing<T extends { Id: string }>(
  before: readonly T[],
  after: readonly T[],
  read: (item: T, isAfter: boolean) => unknown,
): ItemPair<T>[] {
  const held = new Map(before.map((item) => [item.Id.toLowerCase(), item]));
  const pairs: ItemPair<T>[] = [];
  for (const item of after) {
    const id = item.Id.toLowerCase();
    const old = held.get(id);
    held.delete(id);
    if (old === undefined) pairs.push({ after: item });
    else if (!same(read(old, false), read(item, true))) pairs.push({ before: old, after: item });
  }
  for (const old of held.values()) pairs.push({ before: old });
  return pairs;
}

/** The deals and articles that differ between `before` and `after`. */
export function itemChanges(
  before: Items,
  after: Items,
): { deals: ItemPair<Deal>[]; articles: ItemPair<Article>[] } {
  return {
    // A deal shows its description's text, kept apart under its Description key.
    deals: differing(before.transactions, after.transactions, (item, isAfter) => [
      item,
      (isAfter ? after : before).descriptions[item.Description],
    ]),
    articles: differing(before.articles, after.articles, (item) => item),
  };
}

type Site = ContentFile["site"];

/** The site settings without the plain pages' bodies, which show on their own pages only. */
const siteFrame = (site: Site) => ({
  ...site,
  pages: site.pages.map((page) =>
    isPlainPagePath(page.path) ? { ...page, content: "", contentBlock: undefined } : page,
  ),
});

/** Whether two contents' taxonomies, taxa and site settings (pages' bodies aside) are the same. */
export function isSameFrame(a: ContentFile, b: ContentFile): boolean {
  return (
    same(a.taxonomies, b.taxonomies) &&
    same(a.hierarchyTaxa, b.hierarchyTaxa) &&
    same(a.flatTaxa, b.flatTaxa) &&
    same(siteFrame(a.site), siteFrame(b.site))
  );
}

/** The tags of the plain pages whose bodies differ (their source block too), and the search's. */
export function pageChangeTags(before: Site, after: Site): string[] {
  const held = new Map(before.pages.map((p) => [p.path, p]));
  const changed = after.pages.filter((page) => {
    const old = held.get(page.path);
    return !same([old?.content, old?.contentBlock], [page.content, page.contentBlock]);
  });
  return changed.length > 0 ? [...changed.map((p) => pageTag(p.path)), SEARCH] : [];
}

/**
 * Past this many changed items a write touches `all`: one purge of everything costs the caches
 * less than thousands of tags in hundreds of purge calls (Cloudflare takes 30 a call), and a
 * change that big shows on most pages anyway.
 */
export const MOST_ITEM_TAGS = 200;

/** The tags of changed items, their groups read from `taxa`; none when nothing changed. */
export function itemChangeTags(
  changes: ReturnType<typeof itemChanges>,
  taxa: ContentFile["hierarchyTaxa"],
): string[] {
  const count = changes.deals.length + changes.articles.length;
  if (count === 0) return [];
  if (count > MOST_ITEM_TAGS) return [ALL];
  const resolve = createGroupResolver(taxa);
  const deal = (item?: Deal) =>
    item && {
      Id: item.Id,
      groupId: groupOfIndustries(item.industries, resolve)?.id ?? null,
      team: item.DealTeam ?? [],
      Date: item.Date,
      Service: item.Service ?? null,
    };
  const article = (item?: Article) =>
    item && { Id: item.Id, PublicationDate: item.PublicationDate, Tags: item.Tags };
  return changeTags({
    deals: changes.deals.map(({ before, after, isMoved }) => ({
      before: deal(before),
      after: deal(after),
      isMoved,
    })),
    articles: changes.articles.map(({ before, after, isMoved }) => ({
      before: article(before),
      after: article(after),
      isMoved,
    })),
  });
}

/** The parts of a content file that hold the firm's people, offices and alerts. */
type Firm = Pick<ContentFile, "people" | "offices" | "alerts">;

/** Whether two contents' people, offices and alerts are the same (an alert not shown included). */
export function isSameFirm(a: Firm, b: Firm): boolean {
  return same(a.people, b.people) && same(a.offices, b.offices) && same(a.alerts, b.alerts);
}

/** The Ids of the people added or changed, and of those removed, from `before` to `after`. */
export function peopleChanges(
  before: Pick<Firm, "people">,
  after: Pick<Firm, "people">,
): { changed: string[]; removed: string[] } {
  const pairs = differing(before.people, after.people, (p) => p);
  return {
    changed: pairs.flatMap(({ after: a }) => (a ? [a.Id] : [])),
    removed: pairs.flatMap(({ before: b, after: a }) => (b && !a ? [b.Id] : [])),
  };
}

/**
 * The tags a change to the people, offices or alerts touches: each changed person's profile and
 * the lists of people (and the search, which finds them); the offices; the alert, only when the
 * one the banner shows changed (it is on every page).
 */
export function firmChangeTags(before: Firm, after: Firm): string[] {
  const tags = new Set<string>();
  const { changed, removed } = peopleChanges(before, after);
  if (changed.length + removed.length > 0) tags.add(PEOPLE).add(SEARCH);
  for (const id of [...changed, ...removed]) tags.add(personTag(id));
  // A person gone leaves the teams of the deals their profile listed.
  for (const id of removed) tags.add(personDealsTag(id));
  if (!same(before.offices, after.offices)) tags.add(OFFICES);
  if (!same(currentAlert(before.alerts), currentAlert(after.alerts))) tags.add(ALERT);
  return [...tags];
}

/**
 * The items held before and after whose place among the items held on both sides changed. A
 * whole write stores each item at its place in the file, and a list orders the items of one date
 * by that place: if two items swapped, at least one of them is here.
 */
function movedItems<T extends { Id: string }>(before: readonly T[], after: readonly T[]) {
  const id = (item: T) => item.Id.toLowerCase();
  const afterIds = new Set(after.map(id));
  const beforeIds = new Set(before.map(id));
  const was = before.map(id).filter((item) => afterIds.has(item));
  const is = after.map(id).filter((item) => beforeIds.has(item));
  return new Set(is.filter((item, i) => was[i] !== item));
}

/** `changes` with every item of `moved` (Ids, lower case) marked, and added when it is not in. */
function withMoved<T extends { Id: string }>(
  changes: readonly ItemPair<T>[],
  before: readonly T[],
  after: readonly T[],
): ItemPair<T>[] {
  const moved = movedItems(before, after);
  if (moved.size === 0) return [...changes];
  const id = (pair: ItemPair<T>) => (pair.after ?? pair.before)!.Id.toLowerCase();
  const listed = new Set(changes.map(id));
  const held = new Map(before.map((item) => [item.Id.toLowerCase(), item]));
  return [
    ...changes.map((pair) => (moved.has(id(pair)) ? { ...pair, isMoved: true } : pair)),
    ...after
      .filter((item) => moved.has(item.Id.toLowerCase()) && !listed.has(item.Id.toLowerCase()))
      .map((item) => ({ before: held.get(item.Id.toLowerCase()), after: item, isMoved: true })),
  ];
}

/**
 * The tags a whole write from `before` to `after` touches (its items stored at their places in
 * the file, so an item that moved among them moved in its lists); none when nothing a visitor
 * sees changed.
 */
export function contentChangeTags(before: ContentFile, after: ContentFile): string[] {
  if (!isSameFrame(before, after)) return [ALL];
  const changes = itemChanges(before, after);
  const items = itemChangeTags(
    {
      deals: withMoved(changes.deals, before.transactions, after.transactions),
      articles: withMoved(changes.articles, before.articles, after.articles),
    },
    after.hierarchyTaxa,
  );
  if (items.includes(ALL)) return items;
  return [
    ...new Set([
      ...items,
      ...firmChangeTags(before, after),
      ...pageChangeTags(before.site, after.site),
    ]),
  ].sort();
}
