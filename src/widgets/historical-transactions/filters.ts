// Pure: the filter form's model, the rules that match a transaction, and their URL form.
import { isCalendarDate } from "../../rules/date-time.ts";
import { GROUP_NAME_RE } from "./industry-keys.ts";

/** Whether the size filter keeps deals above or below the amount. */
export type SizeRange = "above" | "below";

/** The filters as the form holds them; `amount` is the text typed ($MM), `date` is YYYY-MM-DD. */
export interface Filters {
  readonly text: string;
  readonly date: string;
  readonly sizeRange: SizeRange;
  readonly amount: string;
  /** The ticked groups by their keys (industry-keys.ts); an address may also give their ids. */
  readonly industries: readonly string[];
}

/** The defaults: no text, no date, no amount, above, no industries. */
export const EMPTY_FILTERS: Filters = {
  text: "",
  date: "",
  sizeRange: "above",
  amount: "",
  industries: [],
};

/** What a row must carry to be matched, computed once when the data loads. */
export interface MatchRow {
  /** Visible description text, white space folded, lower case. */
  readonly text: string;
  /** Close date, YYYY-MM-DD: the calendar day in the content's time zone. */
  readonly date: string;
  /** $MM; null when undisclosed. */
  readonly size: number | null;
  /** Top-level industry group id; null when it has none. */
  readonly groupId: string | null;
}

/** Search text as compared: white space folded and trimmed, lower case. */
export function normaliseSearchText(text: string): string {
  return text.replace(/\s+/g, " ").trim().toLowerCase();
}

/** The amount typed as a number of $MM, or null when it is empty or not a number ≥ 0. */
export function parseAmount(amount: string): number | null {
  if (amount.trim() === "") return null;
  const value = Number(amount);
  return Number.isFinite(value) && value >= 0 ? value : null;
}

/** A predicate for the rows the filters keep (`industries` being group ids); build it once per search, run it per row. */
export function createMatcher(filters: Filters): (row: MatchRow) => boolean {
  const text = normaliseSearchText(filters.text);
  const date = filters.date;
  const amount = parseAmount(filters.amount);
  const isAbove = filters.sizeRange === "above";
  const industries = new Set(filters.industries);
  return (row) =>
    (text === "" || row.text.includes(text)) &&
    (date === "" || row.date === date) &&
    (amount === null || (row.size !== null && (isAbove ? row.size > amount : row.size < amount))) &&
    (industries.size === 0 || (row.groupId !== null && industries.has(row.groupId)));
}

/** The select-all box: ticked, clear, or mixed (indeterminate). */
export type SelectAllState = "all" | "none" | "some";

/** The select-all state for the ticked ids among all the groups. */
export function selectAllState(
  selected: readonly string[],
  allIds: readonly string[],
): SelectAllState {
  const ticked = allIds.filter((id) => selected.includes(id)).length;
  if (ticked === 0) return "none";
  return ticked === allIds.length ? "all" : "some";
}

/** The ticked ids after (un)ticking one, kept in the groups' order. */
export function toggleIndustry(
  selected: readonly string[],
  id: string,
  isTicked: boolean,
  allIds: readonly string[],
): string[] {
  return allIds.filter((other) => (other === id ? isTicked : selected.includes(other)));
}

/** The query-string names the filters use; other names on the page's URL are left alone. */
export const FILTER_PARAMS = ["q", "date", "size", "amount", "industry"] as const;

/** The filters as query-string parameters; defaults are left out. */
export function filtersToSearchParams(filters: Filters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.text !== "") params.set("q", filters.text);
  if (filters.date !== "") params.set("date", filters.date);
  if (filters.sizeRange !== "above") params.set("size", filters.sizeRange);
  if (filters.amount !== "") params.set("amount", filters.amount);
  for (const name of filters.industries) params.append("industry", name);
  return params;
}

/** The filters a query string asks for; missing or invalid values fall back to the defaults. */
export function filtersFromSearchParams(params: URLSearchParams): Filters {
  const date = params.get("date") ?? "";
  const amount = params.get("amount") ?? "";
  // A group's UrlName or, in links shared before, its Id: both are read against the groups once
  // they have loaded (industry-keys.ts).
  const industries = params
    .getAll("industry")
    .filter((name) => GROUP_NAME_RE.test(name))
    .map((name) => name.toLowerCase());
  return {
    text: params.get("q") ?? "",
    date: isCalendarDate(date) ? date : "",
    sizeRange: params.get("size") === "below" ? "below" : "above",
    amount: parseAmount(amount) === null ? "" : amount,
    industries: [...new Set(industries)],
  };
}
