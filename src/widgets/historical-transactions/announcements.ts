// Pure: what a screen reader hears after a page or sort change in the results.
import { pageRange } from "../../rules/paging.ts";
import type { Sort, SortKey } from "./sort.ts";
import { PAGE_SIZE } from "./view-state.ts";

const COLUMN: Readonly<Record<SortKey, string>> = {
  date: "Close Date",
  client: "Client",
  size: "Size",
  description: "Description",
  industry: "Industry Group",
};

// Each direction in the words of its column's values.
const DIRECTION: Readonly<Record<SortKey, Readonly<Record<Sort["direction"], string>>>> = {
  date: { ascending: "oldest first", descending: "newest first" },
  client: { ascending: "A to Z", descending: "Z to A" },
  size: { ascending: "smallest first", descending: "largest first" },
  description: { ascending: "A to Z", descending: "Z to A" },
  industry: { ascending: "A to Z", descending: "Z to A" },
};

/** "Page 2 of 17, results 26 to 50 of 420." */
export function pageAnnouncement(page: number, pageCount: number, total: number): string {
  const { first, last } = pageRange(page, PAGE_SIZE, total);
  return `Page ${page} of ${pageCount}, results ${first.toLocaleString("en-US")} to ${last.toLocaleString("en-US")} of ${total.toLocaleString("en-US")}.`;
}

/** "Sorted by Client, A to Z." */
export function sortAnnouncement(sort: Sort): string {
  return `Sorted by ${COLUMN[sort.key]}, ${DIRECTION[sort.key][sort.direction]}.`;
}
