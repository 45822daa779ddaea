/**
 * Where focus goes in a one-dimensional toolbar for a key press: the arrows step (Right/Down
 * forward, Left/Up back) and wrap at the ends; Home and End jump to the first and last item.
 * Null for any other key, so the caller lets the browser handle it. Up and Down step too
 * because the row wraps onto several lines on a phone, where "the next line" is not a
 * column a visitor can predict.
 */
export function rovingIndex(key: string, index: number, count: number): number | null {
  if (count <= 0) return null;
  switch (key) {
    case "ArrowRight":
    case "ArrowDown":
      return (index + 1) % count;
    case "ArrowLeft":
    case "ArrowUp":
      return (index - 1 + count) % count;
    case "Home":
      return 0;
    case "End":
      return count - 1;
    default:
      return null;
  }
}
