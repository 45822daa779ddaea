// A middle-market firm's deal sizes, in $MM: most between $20 million and $1.5 billion, a few
// larger ones up to $3.5 billion, none under $20 million (no adviser takes a smaller mandate), and
// about one in five undisclosed.

/** Sizes no deal is under, the top of the usual range, and the largest deal. */
export const SMALLEST = 20;
export const USUAL_LARGEST = 1500;
export const LARGEST = 3500;

/** Of the deals that reach `dealSize`: the share kept undisclosed, and the share above the range. */
const UNDISCLOSED = 0.09;
const ABOVE = 0.04;
/** Above 1, more of the usual deals lie at the small end, as a middle market's do. */
const SKEW = 1.6;

/** `low` × (high / low)^t: spread evenly on a logarithmic scale as t runs from 0 to 1. */
const between = (low: number, high: number, t: number) => low * (high / low) ** t;

/**
 * The size of a disclosed-so-far deal from one uniform draw in [0, 1): null (undisclosed) for the
 * lowest draws, a usual size for most, a large one for the highest, rounded to $0.1 million.
 */
export function dealSize(draw: number): number | null {
  if (draw < UNDISCLOSED) return null;
  const t = (draw - UNDISCLOSED) / (1 - UNDISCLOSED);
  const size =
    t < 1 - ABOVE
      ? between(SMALLEST, USUAL_LARGEST, (t / (1 - ABOVE)) ** SKEW)
      : between(USUAL_LARGEST, LARGEST, (t - (1 - ABOVE)) / ABOVE);
  return Math.round(size * 10) / 10;
}
