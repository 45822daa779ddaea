import { normaliseDateTime } from "../rules/date-time.ts";
import { isGuid } from "../rules/taxonomies.ts";

// Sitefinity's web services have no feed of changes or deletions: a client lists each set's Ids
// and LastModified, and compares the list with what it holds. New Ids were added, a later (or
// any other) LastModified was changed, and Ids no longer listed were removed.

/** One row of a set's listing: its Id (lower case) and LastModified (normalised). */
export interface Listed {
  Id: string;
  LastModified: string;
}

/** How a set differs from what this site holds; `order` is the listing's order of Ids. */
export interface SetChanges {
  added: string[];
  changed: string[];
  removed: string[];
  order: string[];
}

/**
 * A listing's rows, checked: each needs a GUID Id and a date LastModified, else it is a problem
 * named by set and Id. An Id listed twice (a page boundary moved while paging) counts once.
 */
export function readListing(
  set: string,
  rows: readonly Readonly<Record<string, unknown>>[],
): { listed: Listed[]; problems: string[] } {
  const listed: Listed[] = [];
  const problems: string[] = [];
  const seen = new Set<string>();
  for (const row of rows) {
    if (!isGuid(row.Id)) {
      problems.push(`${set} ${JSON.stringify(row.Id ?? null)}: Id: not a GUID`);
      continue;
    }
    const id = row.Id.toLowerCase();
    const lastModified =
      typeof row.LastModified === "string" ? normaliseDateTime(row.LastModified) : null;
    if (lastModified === null) {
      problems.push(`${set} ${id}: LastModified: not a date`);
      continue;
    }
    if (seen.has(id)) continue;
    seen.add(id);
    listed.push({ Id: id, LastModified: lastModified });
  }
  return { listed, problems };
}

/**
 * What changed between what this site holds (`current`) and the service's listing. With `full`,
 * every listed item counts as changed (after a change of settings that maps items differently).
 */
export function diffListing(
  current: readonly { readonly Id: string; readonly LastModified: string }[],
  listed: readonly Listed[],
  { full = false }: { full?: boolean } = {},
): SetChanges {
  const held = new Map(
    current.map((item) => [item.Id.toLowerCase(), normaliseDateTime(item.LastModified)]),
  );
  const added: string[] = [];
  const changed: string[] = [];
  for (const { Id, LastModified } of listed) {
    if (!held.has(Id)) added.push(Id);
    else if (full || held.get(Id) !== LastModified) changed.push(Id);
  }
  const listedIds = new Set(listed.map((item) => item.Id));
  const removed = [...held.keys()].filter((id) => !listedIds.has(id));
  return { added, changed, removed, order: listed.map((item) => item.Id) };
}

/** True when nothing was added, changed or removed. */
export const isUnchanged = (changes: SetChanges) =>
  changes.added.length + changes.changed.length + changes.removed.length === 0;
