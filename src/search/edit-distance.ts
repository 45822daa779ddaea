// Pure: how far a typed word is from a stored one, counted as the search engines people know count
// typos: a letter added, dropped or changed, or two neighbouring letters swapped, each one typo
// (optimal string alignment distance: `habror` is one typo from `harbor`).

/** Typos forgiven in a word of this length: none below 5 letters, 1 from 5, 2 from 9. */
export function typoBudget(length: number): number {
  return length >= 9 ? 2 : length >= 5 ? 1 : 0;
}

/**
 * The distance from `a` to `b` when it is at most `max`, else `max + 1` (computed only within
 * that band, so a far word costs almost nothing). With `isPrefix`, the distance from `a` to the
 * nearest beginning of `b`: `acqusi` is one typo from the start of `acquisition`.
 */
export function editDistance(a: string, b: string, max: number, isPrefix = false): number {
  const far = max + 1;
  if (!isPrefix && Math.abs(a.length - b.length) > max) return far;
  if (a === b || (isPrefix && b.startsWith(a))) return 0;
  const columns = isPrefix ? Math.min(b.length, a.length + max) : b.length;
  // Three rows of the table: two back (for a swap), one back, and the one being filled.
  let before = new Array<number>(columns + 1).fill(far);
  let previous = Array.from({ length: columns + 1 }, (_, j) => (j <= max ? j : far));
  let current = new Array<number>(columns + 1);
  for (let i = 1; i <= a.length; i++) {
    current.fill(far);
    current[0] = i <= max ? i : far;
    let rowBest = current[0]!;
    const from = Math.max(1, i - max);
    const to = Math.min(columns, i + max);
    for (let j = from; j <= to; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        d = Math.min(d, before[j - 2]! + 1);
      current[j] = Math.min(d, far);
      rowBest = Math.min(rowBest, current[j]!);
    }
    if (rowBest > max) return far;
    [before, previous, current] = [previous, current, before];
  }
  if (!isPrefix) return previous[columns]!;
  // A prefix of b of any length within the band may be what was meant.
  let best = far;
  for (let j = Math.max(0, a.length - max); j <= columns; j++) best = Math.min(best, previous[j]!);
  return best;
}
