import { useState, useSyncExternalStore } from "react";
import { focusMainContent } from "../focus/focus-main.ts";
import type { KeyValueStorage } from "./dismissal.ts";
import { dismiss, isDismissed } from "./dismissal.ts";

/** `localStorage`, or null where merely reading it throws (storage blocked by the visitor). */
function browserStorage(): KeyValueStorage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/** A dismissal in another tab hides the alert here too. */
function subscribeToStorage(onChange: () => void): () => void {
  window.addEventListener("storage", onChange);
  return () => window.removeEventListener("storage", onChange);
}

/**
 * Whether the alert shows, and the close action that hides it and remembers that for later
 * pages. The server (and hydration) render it shown; a stored dismissal hides it right after.
 */
export function useAlertDismissal(alertId: string) {
  const [isClosedHere, setClosedHere] = useState(false);
  const isStoredDismissed = useSyncExternalStore(
    subscribeToStorage,
    () => isDismissed(browserStorage(), alertId),
    () => false,
  );

  function handleClose() {
    dismiss(browserStorage(), alertId);
    setClosedHere(true);
    // The close button is about to go, and focus with it.
    focusMainContent();
  }

  return { isVisible: !isClosedHere && !isStoredDismissed, handleClose };
}
