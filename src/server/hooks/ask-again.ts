// When to ask Sitefinity again for an item it served in an older copy than its hook's: its
// output cache may go on serving the old copy for a while after a publish. The pauses grow, the
// last ask comes when ASK_AGAIN_FOR_MS have passed since the first late copy, and then the item
// is left to the scheduled sync. Pure: the queue (item-queue.ts) keeps the times and the timers.

/** How long an item is asked for again after its first late copy. */
export const ASK_AGAIN_FOR_MS = 30_000;
/** The first pause; each next one is twice as long, at most MAX_PAUSE_MS. */
export const FIRST_PAUSE_MS = 250;
const MAX_PAUSE_MS = 8_000;

/** An item served late: since when (ms), and the pause before its last ask (none yet: 0). */
export interface Late {
  since: number;
  pause: number;
}

/** The pause before asking again at `now`, or null when the time (`forMs`) is up. */
export function nextAsk(
  { since, pause }: Late,
  now: number,
  forMs = ASK_AGAIN_FOR_MS,
): number | null {
  const left = since + forMs - now;
  if (left <= 0) return null;
  const next = pause === 0 ? FIRST_PAUSE_MS : Math.min(pause * 2, MAX_PAUSE_MS);
  return Math.min(next, left);
}
