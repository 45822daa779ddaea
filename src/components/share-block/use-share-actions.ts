import { useEffect, useRef, useState } from "react";

/** How long "Link copied" stays on screen. */
export const CONFIRMATION_MS = 3000;

/**
 * The share block's actions. Copy selects the link field (so the address is visibly the thing
 * copied, and can be copied by hand if the clipboard fails) and writes it to the clipboard;
 * its one piece of state is whether the short confirmation shows.
 */
export function useShareActions(url: string) {
  const fieldRef = useRef<HTMLInputElement>(null);
  const timerRef = useRef<ReturnType<typeof setTimeout>>(undefined);
  const [isCopied, setCopied] = useState(false);

  useEffect(() => () => clearTimeout(timerRef.current), []);

  async function handleCopy() {
    fieldRef.current?.select();
    clearTimeout(timerRef.current);
    try {
      // Throws a TypeError where the Clipboard API is missing (plain http); caught alike.
      await navigator.clipboard.writeText(url);
    } catch (error) {
      console.error("Could not copy the link to the clipboard:", error);
      setCopied(false);
      return;
    }
    setCopied(true);
    timerRef.current = setTimeout(() => setCopied(false), CONFIRMATION_MS);
  }

  function handlePrint() {
    window.print();
  }

  return { fieldRef, isCopied, handleCopy, handlePrint };
}
