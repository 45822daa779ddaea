/**
 * Stops the page behind an overlay from scrolling, iOS Safari included: `overflow: hidden`
 * on <body> alone does not stop touch scrolling there (https://bugs.webkit.org/show_bug.cgi?id=153852),
 * so the body is fixed at its current offset. Returns the function that restores the body's
 * styles and the scroll position.
 */
export function lockScroll(): () => void {
  const { body } = document;
  const scrollY = window.scrollY;
  const { position, top, width, overflow } = body.style;
  Object.assign(body.style, {
    position: "fixed",
    top: `-${scrollY}px`,
    width: "100%",
    overflow: "hidden",
  });
  return () => {
    Object.assign(body.style, { position, top, width, overflow });
    // "instant": a page-wide `scroll-behavior: smooth` would otherwise animate the jump back.
    window.scrollTo({ top: scrollY, behavior: "instant" });
  };
}
