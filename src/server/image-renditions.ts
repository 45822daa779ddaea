import { makeRenditions } from "../images/renditions.ts";
import type { Db } from "../db/connect.ts";
import type { SyncHold } from "./hooks/sync-hold.ts";
import {
  nextAwaitingRenditions,
  renditionsFailed,
  storeRenditions,
} from "../db/repositories/image-store.ts";

// The renditions of held images, made in the background by the instance (or the command) that
// held them: after each of its writes, and at its start for any held image still without them.
// One image at a time, never on a visitor's request. Until an image's renditions are stored, its
// pages show the held original; storing them is a content change with the image's tag, so every
// instance drops those pages, and `onRendered` (the writer's publisher) purges them.

/** What making renditions reports. */
export interface RenditionOptions {
  /** Told the tags of each image's renditions once stored (drop, then purge). */
  onRendered?: (tags: readonly string[]) => void;
  /** Told of an image whose renditions could not be made (its original stays shown). */
  onFailed?: (digest: string, reason: string) => void;
  /** Stops after the image in hand (a shutdown). */
  signal?: AbortSignal;
  /** Held while a hook's sync runs: each image pauses between its encodings meanwhile. */
  hold?: SyncHold;
}

/** Makes the renditions of every held image that lacks them, one after another; resolves to how many. */
export async function renderAwaitingImages(
  db: Db,
  options: RenditionOptions = {},
): Promise<number> {
  let count = 0;
  while (!options.signal?.aborted) {
    const image = await nextAwaitingRenditions(db);
    if (image === null) break;
    let renditions;
    try {
      renditions = await makeRenditions(
        image.bytes,
        image,
        options.hold?.pauses({ signal: options.signal }),
      );
    } catch (error) {
      // Only bytes that do not resize give up on the image for good.
      const reason = error instanceof Error ? error.message : String(error);
      await renditionsFailed(db, image.digest, reason);
      options.onFailed?.(image.digest, reason);
      continue;
    }
    // A database that cannot take them now (locked, gone a moment) rejects the run: the image
    // stays awaiting, and the next write or start makes them again.
    const tags = await storeRenditions(db, image.digest, renditions);
    if (tags !== null) options.onRendered?.(tags);
    count++;
  }
  return count;
}

/** A running site's renditions: `kick` after a write (or at start) runs them unless already running. */
export interface RenditionQueue {
  kick(): void;
  /** Lets the image in hand finish, and makes no more. */
  stop(): Promise<void>;
}

/** The site's queue of renditions, one run at a time; a kick during a run makes it run once more. */
export function renditionQueue(
  db: Db,
  options: Omit<RenditionOptions, "signal"> & { onError?: (error: unknown) => void },
): RenditionQueue {
  const stopped = new AbortController();
  let running: Promise<void> | null = null;
  let isKickedAgain = false;
  const run = async () => {
    do {
      isKickedAgain = false;
      await renderAwaitingImages(db, { ...options, signal: stopped.signal }).catch(
        (error: unknown) => options.onError?.(error),
      );
    } while (isKickedAgain && !stopped.signal.aborted);
    running = null;
  };
  return {
    kick() {
      if (stopped.signal.aborted) return;
      if (running) isKickedAgain = true;
      else running = run();
    },
    async stop() {
      stopped.abort();
      await running;
    },
  };
}
