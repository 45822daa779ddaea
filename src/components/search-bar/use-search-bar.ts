import { useEffect, useRef } from "react";
import { useEscapeKey } from "../use-escape-key.ts";

/** Focus handling of the search bar: its input takes focus on open; Escape closes it back to the toggle. */
export function useSearchBar({ isOpen, onClose }: { isOpen: boolean; onClose: () => void }) {
  const rootRef = useRef<HTMLDivElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (isOpen) inputRef.current?.focus();
  }, [isOpen]);

  useEscapeKey(isOpen, rootRef, () => {
    onClose();
    toggleRef.current?.focus();
  });

  return { rootRef, inputRef, toggleRef };
}
