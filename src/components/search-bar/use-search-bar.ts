import { useEffect, useRef } from "react";
import { useCloseOnOutside } from "../disclosure/use-close-on-outside.ts";
import { useEscapeKey } from "../disclosure/use-escape-key.ts";

/**
 * Focus handling of the search bar: its input takes focus on open; it closes when focus or a
 * pointer press goes elsewhere, as the dropdowns do; Escape closes it from anywhere, back to the
 * toggle when focus was in it. Spread `rootProps` on the element that holds toggle and panel.
 */
export function useSearchBar({ isOpen, onClose }: { isOpen: boolean; onClose: () => void }) {
  const rootRef = useRef<HTMLDivElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (isOpen) inputRef.current?.focus();
  }, [isOpen]);

  const outsideProps = useCloseOnOutside(isOpen, rootRef, onClose);

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

  return { rootProps: { ref: rootRef, ...outsideProps }, inputRef, toggleRef };
}
