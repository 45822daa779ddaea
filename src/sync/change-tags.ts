import type { ContentFile } from "../content/content-file.ts";
import { ALL, changeTags, type TaggedArticle, type TaggedDeal } from "../rules/cache-tags.ts";
import { createGroupResolver, groupOfIndustries } from "../rules/industry-groups.ts";

// The cache tags a content write touches, from the content before and after it: the deals and
// articles that were added, removed or changed (a deal's description text included), with their
// lists. A change to the taxonomies, their taxa or the site settings may show on any page (a
// group's name, a topic's, the menus), so it touches everything.

/** JSON with every object's keys in order: the database and a parsed file order them apart. */
const canonical = (value: unknown): string =>
  JSON.stringify(value, (_key, v: unknown) =>
    v !== null && typeof v === "object" && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : v,
  );
const same = (a: unknown, b: unknown) => canonical(a) === canonical(b);

type Pair<T> = { before?: T; after?: T };

/**
 * Each Id's item before and after, for the Ids added, removed or differing; `read` gives what a
 * visitor sees of an item in its own side's content.
 */
function differing<I extends { Id: string }, T>(
  [before, after]: readonly [readonly I[], readonly I[]],
  read: (item: I, isAfter: boolean) => unknown,
  tagged: (item: I) => T,
): Pair<T>[] {
  const held = new Map(before.map((item) => [item.Id.toLowerCase(), item]));
  const pairs: Pair<T>[] = [];
  for (const item of after) {
    const id = item.Id.toLowerCase();
    const old = held.get(id);
    held.delete(id);
    if (old === undefined) pairs.push({ after: tagged(item) });
    else if (!same(read(old, false), read(item, true)))
      pairs.push({ before: tagged(old), after: tagged(item) });
  }
  for (const old of held.values()) pairs.push({ before: tagged(old) });
  return pairs;
}

/** The tags a write from `before` to `after` touches; none when nothing a visitor sees changed. */
export function contentChangeTags(before: ContentFile, after: ContentFile): string[] {
  if (
    !same(before.taxonomies, after.taxonomies) ||
    !same(before.hierarchyTaxa, after.hierarchyTaxa) ||
    !same(before.flatTaxa, after.flatTaxa) ||
    !same(before.site, after.site)
  )
    return [ALL];
  // The taxa are the same on both sides: one resolver serves both.
  const resolve = createGroupResolver(after.hierarchyTaxa);
  const deals = differing(
    [before.transactions, after.transactions],
    // A deal shows its description's text, kept apart under its Description key.
    (item, isAfter) => [item, (isAfter ? after : before).descriptions[item.Description]],
    (item): TaggedDeal => ({
      Id: item.Id,
      groupId: groupOfIndustries(item.industries, resolve)?.id ?? null,
    }),
  );
  const articles = differing(
    [before.articles, after.articles],
    (item) => item,
    (item): TaggedArticle => ({ Id: item.Id, Tags: item.Tags }),
  );
  return deals.length + articles.length === 0 ? [] : changeTags({ deals, articles });
}
