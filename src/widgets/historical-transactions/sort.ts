// Pure: the order of the results table.

/** A sortable column. */
export type SortKey = "date" | "client" | "size" | "description" | "industry";
export type SortDirection = "ascending" | "descending";

export interface Sort {
  readonly key: SortKey;
  readonly direction: SortDirection;
}

/** Newest first, as the API sends them. */
export const DEFAULT_SORT: Sort = { key: "date", direction: "descending" };

/** What a row must carry to be sorted. */
export interface SortRow {
  readonly date: string;
  readonly company: string;
  readonly size: number | null;
  readonly text: string;
  readonly groupTitle: string;
}

const SORT_KEYS: readonly SortKey[] = ["date", "client", "size", "description", "industry"];
// Numbers and dates read best largest/newest first; words A to Z.
const FIRST_DIRECTION: Readonly<Record<SortKey, SortDirection>> = {
  date: "descending",
  client: "ascending",
  size: "descending",
  description: "ascending",
  industry: "ascending",
};

const collator = new Intl.Collator("en", { sensitivity: "base", numeric: true });

/** The value a row is sorted by; null sorts last in either direction. */
function sortValue(row: SortRow, key: SortKey): string | number | null {
  switch (key) {
    case "date":
      return row.date || null;
    case "client":
      return row.company || null;
    case "size":
      return row.size;
    case "description":
      return row.text || null;
    case "industry":
      return row.groupTitle || null;
  }
}

/** A sorted copy; ties keep their original order (the API's, newest first). */
export function sortRows<R extends SortRow>(rows: readonly R[], sort: Sort): R[] {
  const sign = sort.direction === "ascending" ? 1 : -1;
  const keyed = rows.map((row) => ({ row, value: sortValue(row, sort.key) }));
  keyed.sort((a, b) => {
    if (a.value === null || b.value === null) {
      return (a.value === null ? 1 : 0) - (b.value === null ? 1 : 0);
    }
    const order =
      typeof a.value === "number" && typeof b.value === "number"
        ? a.value - b.value
        : sort.key === "date"
          ? // YYYY-MM-DD: text order is date order, and far cheaper than the collator.
            Number(a.value > b.value) - Number(a.value < b.value)
          : collator.compare(String(a.value), String(b.value));
    return sign * order;
  });
  return keyed.map(({ row }) => row);
}

/** Clicking a column: the same column flips direction; another starts in its natural direction. */
export function nextSort(current: Sort, key: SortKey): Sort {
  if (current.key !== key) return { key, direction: FIRST_DIRECTION[key] };
  return { key, direction: current.direction === "ascending" ? "descending" : "ascending" };
}

/** The query-string names the sort uses. */
export const SORT_PARAMS = ["sort", "order"] as const;

/** The sort as query-string parameters; the default is left out. */
export function sortToSearchParams(sort: Sort, params: URLSearchParams): void {
  if (sort.key === DEFAULT_SORT.key && sort.direction === DEFAULT_SORT.direction) return;
  params.set("sort", sort.key);
  params.set("order", sort.direction === "ascending" ? "asc" : "desc");
}

/** The sort a query string asks for; unknown values give the default. */
export function sortFromSearchParams(params: URLSearchParams): Sort {
  const key = SORT_KEYS.find((k) => k === params.get("sort"));
  if (key === undefined) return DEFAULT_SORT;
  const order = params.get("order");
  if (order === "asc") return { key, direction: "ascending" };
  if (order === "desc") return { key, direction: "descending" };
  return { key, direction: FIRST_DIRECTION[key] };
}
