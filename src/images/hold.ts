import { inspectImage, type ImageFacts } from "./inspect.ts";
import { isUrlAddress, type ImageLoader } from "./load.ts";
import type { ImageRefusal } from "./refusal.ts";

// Holding images: each address is fetched once (a URL names one version of an image: Sitefinity's
// `sfvrsn` changes when it is replaced), checked, and its bytes stored by their digest where every
// instance reads them. A bad image is an outcome, never an exception: the content that shows it
// still lands, without it, and the caller logs the address and the reason.

/** Where held images are kept (src/db/repositories/image-store.ts). */
export interface ImageStore {
  /** The addresses among these that are held, with their digests. */
  heldAddresses(addresses: readonly string[]): Promise<ReadonlyMap<string, string>>;
  /** Stores an image's bytes and facts (once per digest) and points the address at it. */
  putImage(address: string, facts: ImageFacts, bytes: Buffer): Promise<void>;
}

/** What became of one address. */
export type HoldOutcome =
  | {
      address: string;
      isHeld: true;
      digest: string;
      /** Whether the address was not held before (or held other bytes). */
      isNew: boolean;
    }
  | { address: string; isHeld: false; reason: string };

/** How many images are fetched at once. */
const CONCURRENCY = 8;

/**
 * Holds every address not yet held, a few at a time, and resolves with each address's outcome
 * (held ones included, as held). A URL already held is not fetched again; a relative path (a file
 * beside a content file) is read again, cheaply, so that a changed file is taken in.
 */
export async function holdImages(
  store: ImageStore,
  addresses: Iterable<string>,
  load: ImageLoader,
  { concurrency = CONCURRENCY }: { concurrency?: number } = {},
): Promise<HoldOutcome[]> {
  const unique = [...new Set(addresses)];
  const held = await store.heldAddresses(unique);
  const outcomes = new Map<string, HoldOutcome>();
  const queue: string[] = [];
  for (const address of unique) {
    const digest = held.get(address);
    if (digest !== undefined && isUrlAddress(address))
      outcomes.set(address, { address, isHeld: true, digest, isNew: false });
    else queue.push(address);
  }
  const work = async () => {
    for (let address = queue.shift(); address !== undefined; address = queue.shift())
      outcomes.set(address, await holdOne(store, address, load, held.get(address)));
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, queue.length) }, work));
  return unique.map((address) => outcomes.get(address)!);
}

async function holdOne(
  store: ImageStore,
  address: string,
  load: ImageLoader,
  before: string | undefined,
): Promise<HoldOutcome> {
  const loaded = await load(address);
  if (!loaded.ok) return { address, isHeld: false, reason: loaded.reason };
  const inspected = await inspectImage(loaded.bytes);
  if (!inspected.ok) return { address, isHeld: false, reason: inspected.reason };
  const { digest } = inspected.facts;
  if (digest !== before) await store.putImage(address, inspected.facts, loaded.bytes);
  return { address, isHeld: true, digest, isNew: digest !== before };
}

/** The images that could not be held. */
export function refusals(outcomes: readonly HoldOutcome[]): ImageRefusal[] {
  return outcomes.flatMap((o) => (o.isHeld ? [] : [{ address: o.address, reason: o.reason }]));
}
