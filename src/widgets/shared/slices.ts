// Long work in slices, so that no task blocks the page for long (Total Blocking Time: input waits).

/** How long one slice may run; a slow phone runs it about 4× longer, still under 50 ms. */
const SLICE_MS = 8;

type Scheduler = { yield?: () => Promise<void> };

/** Lets the browser paint and handle input before the work goes on. */
export function yieldToMain(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: Scheduler }).scheduler;
  if (typeof scheduler?.yield === "function") return scheduler.yield();
  // A message, unlike setTimeout, is not clamped to 4 ms when yields follow each other.
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => resolve();
    channel.port2.postMessage(null);
  });
}

/**
 * Runs `step` for each item, yielding to the browser whenever a slice has run its time; stops
 * (rejecting with the signal's reason) once `signal` is aborted.
 */
export async function forEachInSlices<T>(
  items: readonly T[],
  step: (item: T, index: number) => void,
  signal: AbortSignal,
): Promise<void> {
  let sliceStart = performance.now();
  for (let i = 0; i < items.length; i++) {
    step(items[i] as T, i);
    if (i % 32 === 31 && performance.now() - sliceStart > SLICE_MS) {
      await yieldToMain();
      signal.throwIfAborted();
      sliceStart = performance.now();
    }
  }
}
