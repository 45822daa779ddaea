import type { ItemVersion } from "../db/repositories/sync-repository.ts";
import { isGuid } from "../rules/taxonomies.ts";
import { fetchByIds } from "./fetch-by-ids.ts";
import { diffListing, readListing, type SetChanges } from "./listing-diff.ts";
import type { Item } from "./map-items.ts";
import { SyncError, type ServiceClient } from "./service-client.ts";
import type { SyncSettings } from "./settings.ts";
import type { SyncedSet } from "./snapshot.ts";

// The firm's people, offices and alerts, each a Sitefinity dynamic type: listed by Id and
// LastModified as the deals are, whole items only for the new and changed ones. A set the service
// does not have (it answers 404) is skipped, and the site keeps what it holds of it; a set turned
// off in the settings (null) is not asked for. Any other failure fails the sync, so that a lost
// permission never leaves a departed banker on the site unnoticed.

/** The firm's sets, by the content file's names. */
export type FirmSet = "people" | "offices" | "alerts";
export const FIRM_SETS: readonly FirmSet[] = ["people", "offices", "alerts"];

/** The service's name for each of the firm's sets, or null when off. */
export const firmSetNames = (settings: SyncSettings): Record<FirmSet, string | null> => ({
  people: settings.peopleSet,
  offices: settings.officesSet,
  alerts: settings.alertsSet,
});

/** A firm's set as listed: its changes, or why it is not read. */
export type FirmListing =
  | { read: true; changes: SetChanges; problems: string[] }
  | { read: false; reason: "off" | "missing" };

/** Lists one of the firm's sets; a 404 for the set means the service has no such type. */
export async function listFirmSet(
  client: ServiceClient,
  set: string | null,
  held: readonly ItemVersion[],
  { full = false }: { full?: boolean } = {},
): Promise<FirmListing> {
  if (set === null) return { read: false, reason: "off" };
  let rows: Item[];
  try {
    rows = await client.list(set, { $select: "Id,LastModified" });
  } catch (error) {
    if (error instanceof SyncError && error.status === 404)
      return { read: false, reason: "missing" };
    throw error;
  }
  const { listed, problems } = readListing(set, rows);
  return { read: true, changes: diffListing(held, listed, { full }), problems };
}

/** How one of the firm's types is fetched: its classification and related fields. */
export interface FirmFetch {
  /** A classification field (the people's Industries): named in `$select`, as Sitefinity needs. */
  classification?: string;
  /** A related-media field (the people's Photo): asked for with `$expand`. */
  related?: string;
  /** Fields the settings name: items without them stop the sync. */
  named: readonly string[];
}

/** How each of the firm's types is fetched, from the settings: the full sync's and the hooks'. */
export function firmFetches(settings: SyncSettings): Record<FirmSet, FirmFetch> {
  const people = { ...settings.peopleFields };
  const named = (fields: Partial<Record<string, string>> | undefined) =>
    Object.values({ ...fields }).filter((f): f is string => !!f);
  return {
    people: {
      classification: people.Industries ?? "Industries",
      related: people.Photo ?? "Photo",
      named: named(people),
    },
    offices: { named: named(settings.officesFields) },
    alerts: { named: named(settings.alertsFields) },
  };
}

/**
 * Whole items for a firm's set's new and changed Ids. A default classification or related field
 * that the type does not have makes Sitefinity refuse the request (400): it is then asked again
 * without them, and those fields are read as absent. A field the settings name is never dropped.
 */
export async function fetchFirmSet(
  client: ServiceClient,
  service: string,
  set: string,
  changes: SetChanges,
  { classification, related, named }: FirmFetch,
): Promise<SyncedSet> {
  const wanted = [...changes.added, ...changes.changed];
  const ask = (withExtras: boolean) =>
    fetchByIds(
      client,
      service,
      set,
      wanted,
      withExtras && classification ? `*,${classification}` : "*",
      withExtras && related ? { $expand: related } : {},
    );
  const optionalExtras = [classification, related].some(
    (field) => field !== undefined && !named.includes(field),
  );
  let items: Item[] = [];
  if (wanted.length > 0) {
    try {
      items = await ask(true);
    } catch (error) {
      if (!(error instanceof SyncError && error.status === 400 && optionalExtras)) throw error;
      items = await ask(false);
    }
  }
  for (const field of named)
    if (items.length > 0 && !items.some((item) => Object.hasOwn(item, field)))
      throw new SyncError(
        `the web service's ${set} items have no field "${field}": check the sync's settings`,
      );
  const fetched = new Map(
    items.filter((item) => isGuid(item.Id)).map((item) => [String(item.Id).toLowerCase(), item]),
  );
  const missing = new Set(wanted.filter((id) => !fetched.has(id)));
  return { order: changes.order.filter((id) => !missing.has(id)), fetched };
}
