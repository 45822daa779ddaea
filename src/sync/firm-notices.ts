import type { ContentFile } from "../content/content-file.ts";
import { noticeTarget, type ItemNotice } from "./hook-notice.ts";
import { FIRM_SETS, fetchFirmSet, firmFetches, firmSetNames, type FirmSet } from "./read-firm.ts";
import type { ServiceClient } from "./service-client.ts";
import type { SyncSettings } from "./settings.ts";
import type { SyncedSet } from "./snapshot.ts";

// The firm's people, offices and alerts that a batch of service hooks names, fetched by Id as
// the full sync fetches its changed ones (the same fields, the same related Photo). An image's
// hook names no person, yet the service gives related images only while they are published: the
// people whose Photo is that image are fetched again, and lose it when it was unpublished.

/** The Ids asked for in each of the firm's sets, lower case. */
export type FirmAsked = Record<FirmSet, Set<string>>;

/** The images the notices name, lower case. */
export function noticedImages(settings: SyncSettings, notices: readonly ItemNotice[]): string[] {
  return notices.flatMap((n) => (noticeTarget(settings, n.itemType) === "image" ? [n.id] : []));
}

/** The Ids each firm set is asked for: its items' notices, and the holders of noticed images. */
export function firmAsked(
  settings: SyncSettings,
  notices: readonly ItemNotice[],
  people: ContentFile["people"] = [],
): FirmAsked {
  const asked: FirmAsked = { people: new Set(), offices: new Set(), alerts: new Set() };
  for (const { itemType, id } of notices) {
    const target = noticeTarget(settings, itemType);
    if ((FIRM_SETS as readonly string[]).includes(target)) asked[target as FirmSet].add(id);
  }
  const images = new Set(noticedImages(settings, notices));
  for (const person of people) {
    const photo = person.Photo?.Id?.toLowerCase();
    if (photo !== undefined && images.has(photo)) asked.people.add(person.Id.toLowerCase());
  }
  return asked;
}

/** The asked items of each firm set the service now has, by set; sets asked for nothing are left out. */
export async function fetchFirmAsked(
  client: ServiceClient,
  settings: SyncSettings,
  asked: FirmAsked,
): Promise<Partial<Record<FirmSet, SyncedSet>>> {
  const names = firmSetNames(settings);
  const fetches = firmFetches(settings);
  const sets = FIRM_SETS.filter((set) => asked[set].size > 0 && names[set] !== null);
  return Object.fromEntries(
    await Promise.all(
      sets.map(async (set) => {
        const ids = [...asked[set]];
        const changes = { added: ids, changed: [], removed: [], order: ids };
        return [
          set,
          await fetchFirmSet(client, settings.service, names[set]!, changes, fetches[set]),
        ] as const;
      }),
    ),
  );
}
