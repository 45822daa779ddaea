// A widget draws after the page around it: its placeholder is empty (or holds a reserved space)
// until the widget's script and data arrive. A keyboard visitor who tabs on meanwhile passes the
// placeholder and reaches what follows it (the footer's links); when the widget then draws, it
// pushes that content, and the focus with it, out of the window. Browsers' scroll anchoring does
// not help: the anchor it picks is the placeholder or its container, above what moves.

/**
 * While `placeholder` changes height, keeps the element that has focus after it where the
 * visitor saw it: when a change moved it out of the window, the window follows it by as much.
 * Focus inside the placeholder, or out of the window before the change, is left alone.
 * Returns a function that stops watching.
 */
export function keepFocusInView(placeholder: HTMLElement): () => void {
  if (!("ResizeObserver" in window)) return () => {};
  let height = placeholder.offsetHeight;
  const observer = new ResizeObserver(() => {
    const moved = placeholder.offsetHeight - height;
    height += moved;
    const focused = document.activeElement;
    if (!moved || !focused) return;
    // Only "following": an element inside the placeholder is "contained by" as well.
    if (placeholder.compareDocumentPosition(focused) !== Node.DOCUMENT_POSITION_FOLLOWING) return;
    const { top, bottom } = focused.getBoundingClientRect();
    const isInWindow = (offset: number) => bottom > offset && top - offset < innerHeight;
    if (!isInWindow(0) && isInWindow(moved)) scrollBy(0, moved);
  });
  observer.observe(placeholder);
  return () => observer.disconnect();
}
