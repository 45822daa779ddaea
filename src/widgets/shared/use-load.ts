// The widgets' one pattern for loading: effects only (fetch with abort, retry, the console).
import { startTransition, useCallback, useEffect, useEffectEvent, useState } from "react";
import { ApiError, isAbort } from "./api-client.ts";

/** What a widget's data load has given so far. */
export type Load<T> =
  | { readonly status: "loading" }
  | { readonly status: "error"; readonly message: string }
  | { readonly status: "ready"; readonly data: T };

const LOADING = { status: "loading" } as const;

/**
 * Runs `load` on mount, whenever `key` (what the load depends on) changes, and on `retry`; a run
 * that is no longer wanted (unmount, a newer run) is aborted and its answer ignored. A failure
 * gives the visitor the ApiError's message and puts its cause in the console for the web team.
 * Each result is tagged with the run it answers, so a retry reads as loading at once.
 */
export function useLoad<T>(
  subject: string,
  key: string,
  load: (signal: AbortSignal) => Promise<T>,
): { load: Load<T>; retry: () => void } {
  const [attempt, setAttempt] = useState(0);
  const runKey = `${attempt}|${key}`;
  const [result, setResult] = useState<{ key: string; load: Load<T> } | null>(null);
  const start = useEffectEvent((signal: AbortSignal) => load(signal));

  useEffect(() => {
    const controller = new AbortController();
    // A transition: React renders what the data brings in slices, yielding to the browser
    // between components, instead of in one long task that leaves a phone unresponsive.
    const settle = (next: Load<T>) => {
      if (!controller.signal.aborted) startTransition(() => setResult({ key: runKey, load: next }));
    };
    start(controller.signal).then(
      (data) => settle({ status: "ready", data }),
      (error: unknown) => {
        if (controller.signal.aborted || isAbort(error)) return;
        const isApi = error instanceof ApiError;
        console.error(`${subject} could not be loaded: ${isApi ? error.detail : String(error)}`);
        settle({
          status: "error",
          message: isApi ? error.message : "Something went wrong while loading.",
        });
      },
    );
    return () => controller.abort();
  }, [runKey, subject]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { load: result?.key === runKey ? result.load : LOADING, retry };
}
