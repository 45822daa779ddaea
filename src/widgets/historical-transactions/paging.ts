// Pure: which slice of the results is on screen, and which page numbers the pager offers.

/** Rows per page: small enough to keep the DOM light with 10,000 transactions. */
export const PAGE_SIZE = 25;

/** Pages needed for `total` rows (at least one, so "page 1 of 1" holds for no rows). */
export function pageCount(total: number, pageSize = PAGE_SIZE): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

/** A requested page brought into 1…count (a shared URL may ask for a page past the end). */
export function clampPage(page: number, count: number): number {
  return Math.min(Math.max(1, Math.trunc(page) || 1), count);
}

/** The rows on a page. */
export function pageSlice<R>(rows: readonly R[], page: number, pageSize = PAGE_SIZE): R[] {
  return rows.slice((page - 1) * pageSize, page * pageSize);
}

/** A pager entry: a page number or a gap ("…"). */
export type PageItem = number | "gap";

/**
 * The page numbers to show: always the first and last, and the current one with a neighbour on
 * each side; gaps stand for the rest. Every page stays reachable through Previous/Next and the
 * neighbours.
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

/** A page number from the query string; anything but a positive integer is page 1. */
export function pageFromSearchParams(params: URLSearchParams): number {
  const raw = params.get("page") ?? "";
  const page = /^\d{1,6}$/.test(raw) ? Number(raw) : 1;
  return page >= 1 ? page : 1;
}
