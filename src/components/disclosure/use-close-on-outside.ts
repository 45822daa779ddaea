import type { FocusEvent, RefObject } from "react";
import { useEffect, useEffectEvent } from "react";

/**
 * While `active`, calls `onClose` when a pointer press lands outside `region` or focus moves from
 * it to another element: an open panel must never hide what gets focus next (WCAG 2.4.11).
 * Returns the props (`onBlur`) for the region's element.
 */
export function useCloseOnOutside<T extends HTMLElement>(
  active: boolean,
  regionRef: RefObject<T | null>,
  onClose: () => void,
) {
  const handlePointerDown = useEffectEvent((event: PointerEvent) => {
    if (!regionRef.current?.contains(event.target as Node)) onClose();
  });
  useEffect(() => {
    if (!active) return;
    document.addEventListener("pointerdown", handlePointerDown);
    return () => document.removeEventListener("pointerdown", handlePointerDown);
  }, [active]);

  function handleBlur(event: FocusEvent<T>) {
    // A null relatedTarget is the window losing focus (or a click on nothing, which the pointer
    // listener handles); only a move to another element closes the panel.
    const next = event.relatedTarget;
    if (active && next instanceof Node && !event.currentTarget.contains(next)) onClose();
  }

  return { onBlur: handleBlur };
}
