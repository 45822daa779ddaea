import { pageCount, pageNumber, pageOffset } from "../rules/paging.ts";

/** Articles per page on the all-articles listing and on topic pages. */
export const ARTICLES_PER_PAGE = 12;
/** Results per page of the site search. */
export const SEARCH_RESULTS_PER_PAGE = 10;

/** The page of a listing an address asks for (`?page=`), and the rows to read for it. */
export interface RequestedPage {
  page: number;
  offset: number;
  limit: number;
}

/** What `?page=` asks for: anything but a whole number from 1 is page 1. */
export function requestedPage(url: URL, perPage: number): RequestedPage {
  const page = pageNumber(url.searchParams.get("page"));
  return { page, offset: pageOffset(page, perPage), limit: perPage };
}

/** The listing's pages once its total is known; a page past the last is not found (404). */
export function listingPages(
  page: number,
  total: number,
  perPage: number,
): { pageCount: number; isPastEnd: boolean } {
  const count = pageCount(total, perPage);
  return { pageCount: count, isPastEnd: page > count };
}

/** What a listing holds: its noun, one and many ("article", "articles"). */
export type ListingNoun = readonly [one: string, many: string];

/** "1 article", "30 articles, page 2 of 3": how many a listing holds, and which page this is. */
export function listingCount(
  total: number,
  [one, many]: ListingNoun,
  page: number,
  pages: number,
): string {
  const count = `${total} ${total === 1 ? one : many}`;
  return pages > 1 ? `${count}, page ${page} of ${pages}` : count;
}
