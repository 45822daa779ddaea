import type { KeyboardEvent } from "react";
import { useEffect, useRef } from "react";

/** Focus handling of the search bar: its input takes focus on open; Escape closes it back to the toggle. */
export function useSearchBar({ isOpen, onClose }: { isOpen: boolean; onClose: () => void }) {
  const inputRef = useRef<HTMLInputElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (isOpen) inputRef.current?.focus();
  }, [isOpen]);

  function handlePanelKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key !== "Escape") return;
    event.preventDefault();
    onClose();
    toggleRef.current?.focus();
  }

  return { inputRef, toggleRef, handlePanelKeyDown };
}
