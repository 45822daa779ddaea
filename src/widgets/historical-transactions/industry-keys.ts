// Pure: how the page's address names an industry group. By its UrlName ("healthcare"), which a
// reader of a shared link understands; links shared before named a group by its 36-character Id,
// and they still open the same search.
import type { IndustryGroup } from "./industries.ts";

/** A group of the checklist with the name the address gives it. */
export interface KeyedGroup extends IndustryGroup {
  /** The group's UrlName, lower case; its id when it has none, or one that another group has. */
  readonly key: string;
}

/** What a group may be called in an address: letters, digits, "-" and "_". */
export const GROUP_NAME_RE = /^[\p{L}\p{N}_-]{1,100}$/u;

/** The groups with their keys, from the UrlName of each group's taxon (looked up by Id). */
export function keyGroups(
  groups: readonly IndustryGroup[],
  taxa: readonly { readonly Id: string; readonly UrlName?: unknown }[],
): KeyedGroup[] {
  const urlNames = new Map(
    taxa.map((taxon) => [
      taxon.Id.toLowerCase(),
      typeof taxon.UrlName === "string" ? taxon.UrlName.toLowerCase() : "",
    ]),
  );
  const ids = new Set(groups.map((group) => group.id));
  const taken = new Set<string>();
  return groups.map((group) => {
    const urlName = urlNames.get(group.id) ?? "";
    const isUsable = GROUP_NAME_RE.test(urlName) && !taken.has(urlName) && !ids.has(urlName);
    const key = isUsable ? urlName : group.id;
    taken.add(key);
    return { ...group, key };
  });
}

/** The groups named in `names` (keys or ids, in any case), in the groups' order. */
function named(names: readonly string[], groups: readonly KeyedGroup[]): KeyedGroup[] {
  const wanted = new Set(names.map((name) => name.toLowerCase()));
  return groups.filter((group) => wanted.has(group.key) || wanted.has(group.id));
}

/** The keys of the groups `names` name; a name of no group is dropped (a group since deleted). */
export function groupKeys(names: readonly string[], groups: readonly KeyedGroup[]): string[] {
  return named(names, groups).map((group) => group.key);
}

/** The ids of the groups `names` name: what the rows are matched on. */
export function groupIds(names: readonly string[], groups: readonly KeyedGroup[]): string[] {
  return named(names, groups).map((group) => group.id);
}

/** What the checklist's toggle says of the ticked groups: "Any group", "2 of 9 selected". */
export function industrySummary(names: readonly string[], groups: readonly KeyedGroup[]): string {
  const ticked = named(names, groups).length;
  if (ticked === 0) return "Any group";
  return ticked === groups.length
    ? `All ${ticked} selected`
    : `${ticked} of ${groups.length} selected`;
}
