import { setTimeout as sleep } from "node:timers/promises";
import { tryWithLock } from "../../db/sync-lock.ts";
import { captureOwed, type CaptureDeps, type CaptureReport } from "./capture.ts";

// Captures what is owed, one capture at a time, whenever woken (after a write, at a start) and
// every sweep (a change whose writer died before capturing it, a capture that failed). One
// process at a time captures (the database's record lock): one that finds another capturing
// tries again shortly, and the other's capture covers what was owed when it began. A failed
// capture is tried again with growing pauses; its last try records what it could not keep as a
// gap. The write it is owed for stays done whatever happens here.

/** Pauses before each try again of a failed capture; the last try records a gap. */
const RETRY_MS = [1000, 5000, 30_000];
/** How long a capture that found another one running waits before it looks again. */
const BUSY_MS = 500;

export interface CaptureLoopHooks {
  onCaptured(report: CaptureReport): void;
  /** A capture failed (and will be tried again, or the last try recorded a gap). */
  onProblem(message: string): void;
}

export interface CaptureLoop {
  wake(): void;
  /** Resolves once nothing is owed that this loop can capture now. */
  idle(): Promise<void>;
  stop(): Promise<void>;
}

export function captureLoop(
  deps: CaptureDeps,
  hooks: CaptureLoopHooks,
  { sweepMs = 60_000, retryMs = RETRY_MS }: { sweepMs?: number; retryMs?: readonly number[] } = {},
): CaptureLoop {
  const stopped = new AbortController();
  let wanted = false;
  let running: Promise<void> | null = null;
  const pause = (ms: number) =>
    sleep(ms, undefined, { signal: stopped.signal, ref: false }).catch(() => {});

  /** One capture, tried again on failure; true when another may be owed. */
  const captureOnce = async (): Promise<boolean> => {
    for (let attempt = 0; attempt <= retryMs.length; attempt += 1) {
      if (stopped.signal.aborted) return false;
      const isLastTry = attempt === retryMs.length;
      try {
        const locked = await tryWithLock(deps.db, "record", () =>
          captureOwed(deps, { isLastTry, signal: stopped.signal }),
        );
        if (!locked.ran) {
          await pause(BUSY_MS);
          return true;
        }
        if (locked.value === null) return false;
        hooks.onCaptured(locked.value);
        return true;
      } catch (error) {
        if (stopped.signal.aborted) return false;
        hooks.onProblem(error instanceof Error ? error.message : String(error));
        if (!isLastTry) await pause(retryMs[attempt]!);
      }
    }
    // Even the last try failed before it could record a gap (the database is out of reach):
    // the change stays owed, and the next sweep tries again.
    return false;
  };

  const run = async () => {
    try {
      while (wanted && !stopped.signal.aborted) {
        wanted = false;
        if (await captureOnce()) wanted = true;
      }
    } finally {
      running = null;
    }
  };
  const wake = () => {
    wanted = true;
    running ??= run();
  };
  const sweep = setInterval(wake, sweepMs);
  sweep.unref();
  return {
    wake,
    idle: async () => {
      while (running !== null) await running;
    },
    stop: async () => {
      clearInterval(sweep);
      stopped.abort();
      await running;
    },
  };
}
