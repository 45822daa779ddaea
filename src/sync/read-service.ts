import type { ContentVersions, ItemVersion } from "../db/repositories/sync-repository.ts";
import { findTaxonomy, isGuid } from "../rules/taxonomies.ts";
import { fetchByIds } from "./fetch-by-ids.ts";
import { diffListing, readListing, type Listed, type SetChanges } from "./listing-diff.ts";
import type { Item } from "./map-items.ts";
import { SyncError, type ServiceClient } from "./service-client.ts";
import { dealTeam, type SyncSettings } from "./settings.ts";
import type { SyncedSet } from "./snapshot.ts";

// What the web service holds, read as cheaply as it can be: one listing pass per set (the two
// taxonomies and their taxa whole, since they are few; the deals and news items by Id and
// LastModified only), then whole items only for the new and changed deals and articles.

/** The sets a sync reads, by the content file's names. */
export type SetName = "taxonomies" | "hierarchyTaxa" | "flatTaxa" | "transactions" | "articles";

/** One listing pass over the service, compared with this site's content. */
export interface Listing {
  industries: Item;
  tags: Item;
  hierarchyTaxa: Item[];
  flatTaxa: Item[];
  changes: Record<SetName, SetChanges>;
  /** Listed rows without a GUID Id or a LastModified, by set and Id. */
  problems: string[];
}

/** A taxonomy of the service by its Name (without regard to case), with a GUID Id. */
function taxonomy(taxonomies: Item[], name: string, setting: string): Item {
  const named = taxonomies.filter((t): t is Item & { Name: string } => typeof t.Name === "string");
  const found = findTaxonomy(named, name);
  if (found === undefined)
    throw new SyncError(
      `the web service has no taxonomy named "${name}" (${setting}); it has: ${named.map((t) => t.Name).join(", ") || "none"}`,
    );
  if (!isGuid(found.Id)) throw new SyncError(`the taxonomy "${name}" has no GUID Id`);
  return found;
}

/** A request's result, kept until it is known to be wanted (never an unhandled rejection). */
type Settled<T> = Promise<{ ok: true; value: T } | { ok: false; error: unknown }>;
const settle = <T>(promise: Promise<T>): Settled<T> =>
  promise.then(
    (value) => ({ ok: true as const, value }),
    (error: unknown) => ({ ok: false as const, error }),
  );
const unwrap = async <T>(settled: Settled<T>): Promise<T> => {
  const result = await settled;
  if (!result.ok) throw result.error;
  return result.value;
};

/**
 * The service's two taxonomies and their taxa, whole: they are few. With `held` (this site's
 * taxonomies), the taxa are asked for by the Ids held at once with the taxonomies, a round trip
 * less; once the taxonomies arrive, taxa asked for by an Id that is no longer the taxonomy's are
 * asked for again.
 */
export async function listTaxa(
  client: ServiceClient,
  settings: SyncSettings,
  held: readonly { Id: string; Name: string }[] = [],
) {
  const taxaOf = (set: string, id: unknown) =>
    settle(client.list(set, { $filter: `TaxonomyId eq ${String(id)}` }));
  const guess = (name: string, set: string) => {
    const found = findTaxonomy(held, name);
    return found && isGuid(found.Id) ? { id: found.Id, taxa: taxaOf(set, found.Id) } : undefined;
  };
  const early = {
    industries: guess(settings.industriesTaxonomy, "hierarchy-taxa"),
    tags: guess(settings.tagsTaxonomy, "flat-taxa"),
  };
  const all = await client.list("taxonomies", {});
  const industries = taxonomy(all, settings.industriesTaxonomy, "industriesTaxonomy");
  const tags = taxonomy(all, settings.tagsTaxonomy, "tagsTaxonomy");
  const taxaFor = (found: Item, set: string, guessed?: { id: string; taxa: Settled<Item[]> }) =>
    unwrap(
      guessed && guessed.id.toLowerCase() === String(found.Id).toLowerCase()
        ? guessed.taxa
        : taxaOf(set, found.Id),
    );
  const [hierarchyTaxa, flatTaxa] = await Promise.all([
    taxaFor(industries, "hierarchy-taxa", early.industries),
    taxaFor(tags, "flat-taxa", early.tags),
  ]);
  return { industries, tags, hierarchyTaxa, flatTaxa };
}

/**
 * Lists every set once. An Id that is no longer listed is asked for by Id before it counts as
 * removed: a listing paged by `$skip` misses an item when another is deleted meanwhile, and a
 * missed item must not be deleted here.
 */
export async function listService(
  client: ServiceClient,
  settings: SyncSettings,
  held: ContentVersions,
  { full = false }: { full?: boolean } = {},
): Promise<Listing> {
  const idsOnly = { $select: "Id,LastModified" };
  const [{ industries, tags, hierarchyTaxa, flatTaxa }, deals, articles] = await Promise.all([
    listTaxa(client, settings),
    client.list(settings.transactionsSet, idsOnly),
    client.list(settings.articlesSet, idsOnly),
  ]);
  const problems: string[] = [];
  const listing = (set: string, rows: readonly Item[]): Listed[] => {
    const read = readListing(set, rows);
    problems.push(...read.problems);
    return read.listed;
  };
  /** A set of deals or articles: confirm its removals, then compare. */
  const confirmed = async (set: string, rows: Item[], versions: ItemVersion[]) => {
    const listed = listing(set, rows);
    const { removed } = diffListing(versions, listed);
    const still = removed.length
      ? await fetchByIds(client, settings.service, set, removed, idsOnly.$select)
      : [];
    return diffListing(versions, [...listed, ...listing(set, still)], { full });
  };
  return {
    industries,
    tags,
    hierarchyTaxa,
    flatTaxa,
    changes: {
      taxonomies: diffListing(held.taxonomies, listing("taxonomies", [tags, industries]), { full }),
      hierarchyTaxa: diffListing(held.hierarchyTaxa, listing("hierarchy-taxa", hierarchyTaxa), {
        full,
      }),
      flatTaxa: diffListing(held.flatTaxa, listing("flat-taxa", flatTaxa), { full }),
      transactions: await confirmed(settings.transactionsSet, deals, held.transactions),
      articles: await confirmed(settings.articlesSet, articles, held.articles),
    },
    problems,
  };
}

/** A field the settings name, and the setting, for the message when items lack it. */
export type NamedField = readonly [field: string, setting: string];

/** A related-data field asked for with `$expand`; unnamed, a type without it is no error. */
export interface RelatedField {
  field: string;
  /** The setting that names it; none when it is a default. */
  setting?: string;
}

/**
 * Whole items for a set's new and changed Ids, with its classification field selected. Items
 * that lack a field the settings name (a misspelt `industriesField`) stop the sync: leaving the
 * field out of every item would quietly empty it.
 */
export async function fetchChanged(
  client: ServiceClient,
  service: string,
  set: string,
  changes: SetChanges,
  [classification, ...others]: readonly [NamedField, ...NamedField[]],
  related?: RelatedField,
): Promise<SyncedSet> {
  const wanted = [...changes.added, ...changes.changed];
  const noField = (field: string, setting: string) =>
    new SyncError(
      `the web service's ${set} items have no field "${field}": check "${setting}" in the sync's settings`,
    );
  // Sitefinity refuses (400) a `$select` or `$expand` that names a field the type does not
  // have: a default related field is then asked for no more, and read as absent.
  const ask = (isRelated: boolean) =>
    fetchByIds(
      client,
      service,
      set,
      wanted,
      `*,${classification[0]}`,
      isRelated && related ? { $expand: `${related.field}($select=Id)` } : {},
    );
  const isRefused = (error: unknown) => error instanceof SyncError && error.status === 400;
  const withoutRelated = async () => {
    const items = await ask(false).catch((error: unknown) => {
      throw isRefused(error) ? noField(...classification) : error;
    });
    if (related?.setting) throw noField(related.field, related.setting);
    return items;
  };
  const items = wanted.length
    ? await ask(true).catch((error: unknown) => {
        if (isRefused(error)) return withoutRelated();
        throw error;
      })
    : [];
  const namedRelated = related?.setting ? [[related.field, related.setting] as const] : [];
  for (const [field, setting] of [classification, ...others, ...namedRelated]) {
    if (items.length > 0 && !items.some((item) => Object.hasOwn(item, field)))
      throw noField(field, setting);
  }
  const fetched = new Map(
    items.filter((item) => isGuid(item.Id)).map((item) => [String(item.Id).toLowerCase(), item]),
  );
  // An item deleted between the listing and its fetch is gone from the service: gone here too.
  const missing = new Set(wanted.filter((id) => !fetched.has(id)));
  return { order: changes.order.filter((id) => !missing.has(id)), fetched };
}

/** Whole items for the new and changed deals and articles, with every field the settings name. */
export async function fetchChangedSets(
  client: ServiceClient,
  settings: SyncSettings,
  changes: { transactions: SetChanges; articles: SetChanges },
): Promise<{ deals: SyncedSet; articles: SyncedSet }> {
  const optional = (["descriptionField", "counterpartyField", "serviceField"] as const).flatMap(
    (setting) => {
      const field = settings[setting];
      return field === undefined ? [] : [[field, setting] as const];
    },
  );
  const { service } = settings;
  const team = dealTeam(settings);
  const [deals, articles] = await Promise.all([
    fetchChanged(
      client,
      service,
      settings.transactionsSet,
      changes.transactions,
      [[settings.industriesField, "industriesField"], ...optional],
      { field: team.field, ...(team.isNamed ? { setting: "dealTeamField" } : {}) },
    ),
    fetchChanged(client, service, settings.articlesSet, changes.articles, [
      [settings.tagsField, "tagsField"],
    ]),
  ]);
  return { deals, articles };
}
