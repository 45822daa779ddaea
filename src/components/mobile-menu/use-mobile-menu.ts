import type { KeyboardEvent } from "react";
import { useEffect, useEffectEvent, useLayoutEffect, useRef } from "react";
import { DESKTOP_QUERY } from "../breakpoints.ts";
import { useEscapeKey } from "../disclosure/use-escape-key.ts";
import { focusMainContent } from "../focus/focus-main.ts";
import { focusablesIn } from "../focus/focusables.ts";
import { inertOutside } from "./inert-outside.ts";
import { onMediaMatch } from "./media.ts";
import { lockScroll } from "./scroll-lock.ts";

/**
 * The modal behaviour of the mobile menu while it is open: the rest of the page inert, the
 * page scroll locked, focus moved in and kept in (Tab wraps), Escape and a desktop-width
 * window close it; on close everything is undone and focus returns to the open-menu button
 * (or, when a desktop-width window hid that button, to the main content).
 */
export function useMobileMenu({ isOpen, onClose }: { isOpen: boolean; onClose: () => void }) {
  const openButtonRef = useRef<HTMLButtonElement>(null);
  const containerRef = useRef<HTMLDivElement>(null);
  const dialogRef = useRef<HTMLDivElement>(null);
  const handleDesktopWidth = useEffectEvent(() => onClose());

  // A layout effect: the body is fixed before the browser paints, so the page never jumps.
  useLayoutEffect(() => {
    const container = containerRef.current;
    if (!isOpen || !container) return;
    const restoreInert = inertOutside(container);
    const unlockScroll = lockScroll();
    const stopWatching = onMediaMatch(DESKTOP_QUERY, () => handleDesktopWidth());
    return () => {
      stopWatching();
      unlockScroll();
      restoreInert();
    };
  }, [isOpen]);

  // A passive effect: React puts focus back where it was after a commit's DOM changes, which
  // would undo a focus move made in a layout effect's cleanup.
  useEffect(() => {
    const dialog = dialogRef.current;
    const openButton = openButtonRef.current;
    if (!isOpen || !dialog) return;
    focusablesIn(dialog)[0]?.focus();
    // preventScroll: the scroll position the lock restored is where the visitor left the page.
    return () => {
      openButton?.focus({ preventScroll: true });
      // Closed by a desktop-width window, the button is hidden and cannot take focus.
      if (openButton && document.activeElement !== openButton) focusMainContent();
    };
  }, [isOpen]);

  useEscapeKey(isOpen, containerRef, onClose);

  function handleDialogKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key !== "Tab") return;
    const items = focusablesIn(event.currentTarget);
    const index = items.indexOf(document.activeElement as HTMLElement);
    const wrapTo = event.shiftKey
      ? index <= 0 && items.at(-1)
      : index === items.length - 1 && items[0];
    if (!wrapTo) return;
    event.preventDefault();
    wrapTo.focus();
  }

  return { openButtonRef, containerRef, dialogRef, handleDialogKeyDown };
}
