/** One page of a listing: which rows to read and which page links to show. */
export interface Paging {
  page: number;
  pageCount: number;
  offset: number;
  limit: number;
}

/** Reads `?page=` leniently: anything that is not a whole number from 1 is page 1. */
export function parsePage(value: string | null): number {
  if (value === null || !/^\d{1,6}$/.test(value)) return 1;
  return Math.max(1, Number(value));
}

/** The page's slice of `total` rows; a page past the end is reported as such (pageCount < page). */
export function paging(page: number, total: number, perPage: number): Paging {
  const pageCount = Math.max(1, Math.ceil(total / perPage));
  return { page, pageCount, offset: (page - 1) * perPage, limit: perPage };
}

/** Page numbers to link: first, last and a window around the current one; null marks a gap. */
export function pageWindow(page: number, pageCount: number, radius = 2): (number | null)[] {
  const pages: (number | null)[] = [];
  for (let n = 1; n <= pageCount; n++) {
    if (n === 1 || n === pageCount || Math.abs(n - page) <= radius) pages.push(n);
    else if (pages.at(-1) !== null) pages.push(null);
  }
  return pages;
}
