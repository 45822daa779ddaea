import type { FocusEvent } from "react";
import { useEffect, useEffectEvent, useRef } from "react";
import { useEscapeKey } from "../use-escape-key.ts";

/**
 * Focus handling of the search bar: its input takes focus on open; it closes when focus or a
 * pointer press goes elsewhere (as the dropdowns do: an open panel must never hide what gets
 * focus next, WCAG 2.4.11); Escape closes it from anywhere, back to the toggle when focus was
 * in it.
 */
export function useSearchBar({ isOpen, onClose }: { isOpen: boolean; onClose: () => void }) {
  const rootRef = useRef<HTMLDivElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (isOpen) inputRef.current?.focus();
  }, [isOpen]);

  const handlePointerOutside = useEffectEvent((event: PointerEvent) => {
    if (!rootRef.current?.contains(event.target as Node)) onClose();
  });
  useEffect(() => {
    if (!isOpen) return;
    document.addEventListener("pointerdown", handlePointerOutside);
    return () => document.removeEventListener("pointerdown", handlePointerOutside);
  }, [isOpen]);

  useEscapeKey(
    isOpen,
    rootRef,
    () => {
      const hadFocus = rootRef.current?.contains(document.activeElement) ?? false;
      onClose();
      if (hadFocus || document.activeElement === document.body) toggleRef.current?.focus();
    },
    { fromAnywhere: true },
  );

  function handleBlur(event: FocusEvent<HTMLDivElement>) {
    // A null relatedTarget is the window losing focus (or a click on nothing, which the pointer
    // listener handles); only a move to another element closes the panel.
    const next = event.relatedTarget;
    if (isOpen && next instanceof Node && !event.currentTarget.contains(next)) onClose();
  }

  return { rootRef, inputRef, toggleRef, handleBlur };
}
