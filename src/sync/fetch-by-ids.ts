import type { Item } from "./map-items.ts";
import { MAX_URL_LENGTH, setUrl, type ServiceClient } from "./service-client.ts";

// Whole items only for the Ids that are new or changed, many per request: `$filter=Id eq a or
// Id eq b …` with as many Ids as keep the address within MAX_URL_LENGTH (about 30), a few
// requests at once. One request per item would take the service's round trip 15,000 times for
// a first sync of 10,000 deals and 5,000 articles.

/** How many requests for whole items run at once: enough to hide round trips, polite to the CMS. */
const AT_ONCE = 4;

const filterOf = (ids: readonly string[]) => ids.map((id) => `Id eq ${id}`).join(" or ");

/** The Ids split into batches whose addresses (with `select`) stay within MAX_URL_LENGTH. */
export function idBatches(
  service: string,
  set: string,
  ids: readonly string[],
  select: string,
  extra: Readonly<Record<string, string>> = {},
): string[][] {
  const batches: string[][] = [];
  let batch: string[] = [];
  for (const id of ids) {
    const next = [...batch, id];
    const url = setUrl(service, set, {
      ...extra,
      $select: select,
      $filter: filterOf(next),
      $count: "true",
    });
    if (url.length > MAX_URL_LENGTH && batch.length > 0) {
      batches.push(batch);
      batch = [id];
    } else batch = next;
  }
  if (batch.length > 0) batches.push(batch);
  return batches;
}

/**
 * The items of `set` with these Ids (GUIDs, checked by the listing), with the fields `select`
 * names. An Id the service no longer has (deleted since it was listed) is simply not returned.
 */
export async function fetchByIds(
  client: ServiceClient,
  service: string,
  set: string,
  ids: readonly string[],
  select: string,
  /** Other query options, such as `$expand` for a related-media field. */
  extra: Readonly<Record<string, string>> = {},
): Promise<Item[]> {
  const queue = idBatches(service, set, ids, select, extra);
  const found: Item[][] = [];
  const worker = async () => {
    try {
      for (let batch = queue.shift(); batch; batch = queue.shift())
        found.push(await client.list(set, { ...extra, $select: select, $filter: filterOf(batch) }));
    } catch (error) {
      queue.length = 0; // the others stop after their request: the sync has failed
      throw error;
    }
  };
  await Promise.all(Array.from({ length: Math.min(AT_ONCE, queue.length) }, worker));
  return found.flat();
}
