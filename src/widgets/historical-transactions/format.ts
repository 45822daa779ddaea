// Pure formatting: close dates and sizes. Which calendar day a close date is comes from
// src/rules/date-time.ts, the text of description HTML from src/rules/html-text.ts.

/** A calendar day (`YYYY-MM-DD`) as the Close Date column shows it, `MM/DD/YYYY`; "" for none. */
export function formatCloseDate(day: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  return m ? `${m[2]}/${m[3]}/${m[1]}` : "";
}

const sizeFormat = new Intl.NumberFormat("en-US", {
  minimumFractionDigits: 1,
  maximumFractionDigits: 2,
});

/** A size in $MM as `1,250.0` (one or two decimals); "Undisclosed" when there is none. */
export function formatSize(size: number | null): string {
  return size === null ? "Undisclosed" : sizeFormat.format(size);
}
