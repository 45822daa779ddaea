import type { KeyboardEvent } from "react";
import { useRef } from "react";
import { flushSync } from "react-dom";
import { useCloseOnOutside } from "../disclosure/use-close-on-outside.ts";
import { useEscapeKey } from "../disclosure/use-escape-key.ts";
import { focusablesIn, moveFocus } from "../focus/focusables.ts";

/** The key that opens a dropdown from its toggle and moves into it. */
const OPEN_KEY = "ArrowDown";

interface DropdownOptions {
  isOpen: boolean;
  onOpen: () => void;
  onClose: () => void;
}

/**
 * Keyboard and pointer behaviour of one desktop dropdown (toggle + panel inside one item):
 * Down opens and enters the panel, Down/Up/Home/End move among its links, Escape closes and
 * returns to the toggle, and focus or a pointer press leaving the item closes it.
 */
export function useDropdown({ isOpen, onOpen, onClose }: DropdownOptions) {
  const itemRef = useRef<HTMLLIElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);

  const outsideProps = useCloseOnOutside(isOpen, itemRef, onClose);

  const panelLinks = () => (panelRef.current ? focusablesIn(panelRef.current) : []);

  function handleToggleKeyDown(event: KeyboardEvent<HTMLButtonElement>) {
    if (event.key !== OPEN_KEY) return;
    event.preventDefault();
    // The panel must lose `hidden` before one of its links can take focus.
    flushSync(onOpen);
    panelLinks()[0]?.focus();
  }

  function handlePanelKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const links = panelLinks();
    const moves: Record<string, () => void> = {
      ArrowDown: () => moveFocus(links, 1),
      ArrowUp: () => moveFocus(links, -1),
      Home: () => links[0]?.focus(),
      End: () => links.at(-1)?.focus(),
    };
    const move = moves[event.key];
    if (!move) return;
    event.preventDefault();
    move();
  }

  useEscapeKey(isOpen, itemRef, () => {
    onClose();
    toggleRef.current?.focus();
  });

  return {
    itemProps: { ref: itemRef, ...outsideProps },
    // data-key: public/first-paint.js holds the key when pressed before hydration, as it holds
    // a click, so a keyboard visitor's Down is never lost.
    toggleProps: { ref: toggleRef, onKeyDown: handleToggleKeyDown, "data-key": OPEN_KEY },
    panelProps: { ref: panelRef, onKeyDown: handlePanelKeyDown },
  };
}
