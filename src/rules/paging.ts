// Paging arithmetic for every paged list: the site's listings and search, and the Historical
// Transactions widget. Which page an address asks for, how many pages there are, which rows a
// page holds and which page numbers a pager offers.

/** A page number from the query string (`?page=`): anything but a whole number from 1 is page 1. */
export function pageNumber(value: string | null): number {
  if (value === null || !/^\d{1,6}$/.test(value)) return 1;
  return Math.max(1, Number(value));
}

/** Pages needed for `total` rows: at least one, so "page 1 of 1" holds when there are none. */
export function pageCount(total: number, perPage: number): number {
  return Math.max(1, Math.ceil(total / perPage));
}

/** A requested page brought into 1…count (a shared address may ask for a page past the end). */
export function clampPage(page: number, count: number): number {
  return Math.min(Math.max(1, Math.trunc(page) || 1), count);
}

/** Where a page's rows start among all the rows (0-based). */
export function pageOffset(page: number, perPage: number): number {
  return (page - 1) * perPage;
}

/** The rows on a page. */
export function pageSlice<R>(rows: readonly R[], page: number, perPage: number): R[] {
  const from = pageOffset(page, perPage);
  return rows.slice(from, from + perPage);
}

/** The 1-based positions of a page's first and last rows among `total` (0 and 0 when none). */
export function pageRange(
  page: number,
  perPage: number,
  total: number,
): { first: number; last: number } {
  const last = Math.min(page * perPage, total);
  const first = Math.min(pageOffset(page, perPage) + 1, last);
  return { first, last };
}

/** A pager entry: a page number or a gap ("…"). */
export type PageItem = number | "gap";

/**
 * The page numbers a pager shows, seven entries at the most: always the first and last, and the
 * current one with a neighbour on each side; gaps stand for the rest. Every page stays reachable
 * through Previous/Next and the neighbours.
 */
export function pageItems(current: number, count: number): PageItem[] {
  if (count <= 7) return Array.from({ length: count }, (_, i) => i + 1);
  const from = Math.max(2, Math.min(current - 1, count - 4));
  const to = Math.min(count - 1, Math.max(current + 1, 5));
  const middle = Array.from({ length: to - from + 1 }, (_, i) => from + i);
  return [
    1,
    ...(from > 2 ? ["gap" as const] : []),
    ...middle,
    ...(to < count - 1 ? ["gap" as const] : []),
    count,
  ];
}
