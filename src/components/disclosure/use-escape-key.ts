import type { RefObject } from "react";
import { useEffect, useEffectEvent } from "react";

/**
 * While `active`, Escape calls `onEscape` when focus is inside `region`, or on nothing at all:
 * a click on a non-focusable part of an open panel leaves focus on the body, where a key
 * handler on the panel itself never hears the key. With `fromAnywhere`, wherever focus is. A key
 * another control already handled (defaultPrevented) is left alone.
 */
export function useEscapeKey(
  active: boolean,
  regionRef: RefObject<HTMLElement | null>,
  onEscape: () => void,
  { fromAnywhere = false }: { fromAnywhere?: boolean } = {},
) {
  const handleKeyDown = useEffectEvent((event: KeyboardEvent) => {
    if (event.key !== "Escape" || event.defaultPrevented) return;
    const focused = document.activeElement;
    const focusIsNowhere = focused === null || focused === document.body;
    if (!fromAnywhere && !focusIsNowhere && !regionRef.current?.contains(focused)) return;
    event.preventDefault();
    onEscape();
  });
  useEffect(() => {
    if (!active) return;
    document.addEventListener("keydown", handleKeyDown);
    return () => document.removeEventListener("keydown", handleKeyDown);
  }, [active]);
}
