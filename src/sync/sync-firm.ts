import type { ContentVersions } from "../db/repositories/sync-repository.ts";
import { isUnchanged } from "./listing-diff.ts";
import {
  FIRM_SETS,
  fetchFirmSet,
  firmFetches,
  firmSetNames,
  listFirmSet,
  type FirmListing,
  type FirmSet,
} from "./read-firm.ts";
import { setReport, type SetReport } from "./report.ts";
import type { ServiceClient } from "./service-client.ts";
import type { SyncSettings } from "./settings.ts";
import type { SyncedSet } from "./snapshot.ts";

// One sync's reading of the firm's people, offices and alerts: each set listed once, what the
// service lacks or the settings turn off left as this site holds it, whole items fetched only for
// the changes. The full sync asks it what changed, what would be emptied, and for the items.

/** What a sync reads of the firm's sets, and what it reports of them. */
export interface FirmReading {
  problems: string[];
  /** Sets the service lists as empty where this site holds items: refused without --allow-empty. */
  emptied: { name: string; count: number }[];
  isUnchanged(): boolean;
  fetch(): Promise<Partial<Record<FirmSet, SyncedSet>>>;
  reports(): SetReport[];
  /** Sets not read, and why, for the log. */
  skipped: { set: string; reason: "off" | "missing" }[];
}

/** Lists the firm's sets the service has and the settings ask for. */
export async function readFirm(
  client: ServiceClient,
  settings: SyncSettings,
  held: ContentVersions,
  options: { full?: boolean } = {},
): Promise<FirmReading> {
  const names = firmSetNames(settings);
  const listings = Object.fromEntries(
    await Promise.all(
      FIRM_SETS.map(async (set) => [
        set,
        await listFirmSet(client, names[set], held[set], options),
      ]),
    ),
  ) as Record<FirmSet, FirmListing>;
  const read = FIRM_SETS.flatMap((set) => {
    const listing = listings[set];
    return listing.read
      ? [{ set, name: names[set]!, changes: listing.changes, problems: listing.problems }]
      : [];
  });
  const fields = firmFetches(settings);
  return {
    problems: read.flatMap((r) => r.problems),
    emptied: read
      .filter((r) => r.changes.order.length === 0 && held[r.set].length > 0)
      .map((r) => ({ name: r.name, count: held[r.set].length })),
    isUnchanged: () => read.every((r) => isUnchanged(r.changes)),
    fetch: async () =>
      Object.fromEntries(
        await Promise.all(
          read.map(async (r) => [
            r.set,
            await fetchFirmSet(client, settings.service, r.name, r.changes, fields[r.set]),
          ]),
        ),
      ),
    reports: () => read.map((r) => setReport(r.name, r.changes)),
    skipped: FIRM_SETS.flatMap((set) => {
      const listing = listings[set];
      return listing.read ? [] : [{ set: names[set] ?? set, reason: listing.reason }];
    }),
  };
}
