/**
 * Calls `onMatch` each time `query` starts to match; returns the unsubscribe function.
 * Does nothing where `matchMedia` is missing (old engines, jsdom).
 */
export function onMediaMatch(query: string, onMatch: () => void): () => void {
  if (typeof window.matchMedia !== "function") return () => {};
  const list = window.matchMedia(query);
  const handleChange = (event: MediaQueryListEvent) => {
    if (event.matches) onMatch();
  };
  list.addEventListener("change", handleChange);
  return () => list.removeEventListener("change", handleChange);
}
