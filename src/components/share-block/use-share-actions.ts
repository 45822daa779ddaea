import { useEffect, useRef, useState } from "react";

/** How long "Link copied" stays on screen. */
export const CONFIRMATION_MS = 3000;

/** What the status line says after Copy link. */
export type CopyOutcome = "idle" | "copied" | "failed";

/**
 * The share block's actions. Copy writes the link to the clipboard and says so in the status
 * line; focus stays on the button (the visitor pressed it and may press it again). When the
 * clipboard refuses (a browser setting, plain http), the status says so and points at the field,
 * where the link can be copied by hand. Its one piece of state is what the status line says.
 */
export function useShareActions(url: string) {
  const timerRef = useRef<ReturnType<typeof setTimeout>>(undefined);
  const [outcome, setOutcome] = useState<CopyOutcome>("idle");

  useEffect(() => () => clearTimeout(timerRef.current), []);

  async function handleCopy() {
    clearTimeout(timerRef.current);
    try {
      // Throws a TypeError where the Clipboard API is missing (plain http); caught alike.
      await navigator.clipboard.writeText(url);
    } catch (error) {
      console.error("Could not copy the link to the clipboard:", error);
      setOutcome("failed");
      return;
    }
    setOutcome("copied");
    timerRef.current = setTimeout(() => setOutcome("idle"), CONFIRMATION_MS);
  }

  function handlePrint() {
    window.print();
  }

  return { outcome, handleCopy, handlePrint };
}
