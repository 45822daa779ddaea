import type { Db } from "../db/connect.ts";
import { imageAddresses, type ImageReferrers } from "../db/repositories/image-collect.ts";
import { imageStore } from "../db/repositories/image-store.ts";
import { holdImages, refusals } from "../images/hold.ts";
import { imageLoader, isUrlAddress } from "../images/load.ts";
import { UNHELD_IMAGES } from "../rules/cache-tags.ts";
import type { ImagesReport } from "./report.ts";

// A sync holds the images its content refers to before it writes, in the process that writes, so
// that the write's commit shows them: fetched from the web service's own origin only (an editor's
// HTML must not make the site fetch from anywhere else), each once. A bad image never stops the
// sync: the item lands without it, and the report names the address and the reason. A path
// beside a content file (what the sync keeps of an imported file: the demo's portraits) is the
// import's to hold; the sync has no folder to read it from, and leaves it as it is.

/** What holding a sync's images gives its write: the report, and the tags it adds. */
export interface HeldForSync {
  images: ImagesReport;
  /** UNHELD_IMAGES when an address was held anew: the pages that left it out show it now. */
  tags: string[];
}

/** Holds every image `content` refers to that the site does not hold yet, from `origin`. */
export async function holdSyncImages(
  db: Db,
  content: ImageReferrers,
  origin: string,
  signal?: AbortSignal,
): Promise<HeldForSync> {
  const outcomes = await holdImages(
    imageStore(db),
    imageAddresses(content).filter(isUrlAddress),
    imageLoader({ origins: [origin], signal }),
  );
  const isNewlyHeld = outcomes.some((o) => o.isHeld && o.isNew);
  return {
    images: { held: outcomes.length - refusals(outcomes).length, refused: refusals(outcomes) },
    tags: isNewlyHeld ? [UNHELD_IMAGES] : [],
  };
}
