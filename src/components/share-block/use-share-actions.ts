import { useCallback, useEffect, useRef, useState } from "react";

/** How long "Link copied" stays on screen. */
export const CONFIRMATION_MS = 3000;

/** What the status line says after Copy link. */
export type CopyOutcome = "idle" | "copied" | "failed";

/**
 * A Copy link button that public/first-paint.js pressed for the visitor before this block
 * hydrated: that script began the copy within the press (a browser counts a clipboard write as
 * the visitor's only during it) and left its promise here for the block to report.
 */
export type EarlyCopyButton = HTMLButtonElement & { earlyCopy?: Promise<void> };

/** Selects the whole link in the field, shown: a selection shows only in a focused field. */
function selectField(field: HTMLInputElement) {
  field.focus();
  // setSelectionRange, not select(): iOS Safari ignores select() on a field.
  field.setSelectionRange(0, field.value.length);
}

/** Starts the clipboard write at once, within the press; the promise settles later. */
function writeClipboard(text: string): Promise<void> {
  try {
    return navigator.clipboard.writeText(text);
  } catch (error) {
    // navigator.clipboard is missing where the page is not a secure context (plain http).
    return Promise.reject(error);
  }
}

/**
 * The share block's actions. Copy selects the link in its field (focus moves there, so the
 * selection shows) and writes it to the clipboard within the press, then says so in the status
 * line. When the clipboard refuses (a browser setting, plain http), the status says so and the
 * link stays selected for the visitor's own copy command. A copy that first-paint.js began
 * before hydration is reported the same way. Its one piece of state is what the status says.
 */
export function useShareActions(url: string) {
  const fieldRef = useRef<HTMLInputElement>(null);
  const copyRef = useRef<EarlyCopyButton>(null);
  const timerRef = useRef<ReturnType<typeof setTimeout>>(undefined);
  const [outcome, setOutcome] = useState<CopyOutcome>("idle");

  // Stable (its state setter and timer are), so the mount effect below may report with it.
  const report = useCallback((copy: Promise<void>) => {
    clearTimeout(timerRef.current);
    copy.then(
      () => {
        setOutcome("copied");
        timerRef.current = setTimeout(() => setOutcome("idle"), CONFIRMATION_MS);
      },
      (error: unknown) => {
        console.error("Could not copy the link to the clipboard:", error);
        setOutcome("failed");
      },
    );
  }, []);

  useEffect(() => {
    const button = copyRef.current;
    const early = button?.earlyCopy;
    if (button && early) {
      delete button.earlyCopy;
      report(early);
    }
    return () => clearTimeout(timerRef.current);
  }, [report]);

  function handleCopy() {
    if (fieldRef.current) selectField(fieldRef.current);
    report(writeClipboard(url));
  }

  function handlePrint() {
    window.print();
  }

  return { outcome, fieldRef, copyRef, handleCopy, handlePrint };
}
