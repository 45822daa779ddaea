const LONG = new Intl.DateTimeFormat("en-US", {
  year: "numeric",
  month: "long",
  day: "numeric",
  timeZone: "UTC",
});

/** `2026-03-04T00:00:00Z` -> `March 4, 2026`, read in UTC so the server's zone never shifts it. */
export function formatLongDate(iso: string): string {
  return LONG.format(new Date(iso));
}

/** The date part, for `<time datetime>`. */
export const datePart = (iso: string) => iso.slice(0, 10);
