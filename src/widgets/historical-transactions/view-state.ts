// Pure: what the visitor has asked for (form draft, applied filters, page, sort) and how it
// reads from and writes to the query string, so a search can be shared, bookmarked and revisited.
import type { Filters } from "./filters.ts";
import {
  EMPTY_FILTERS,
  FILTER_PARAMS,
  filtersFromSearchParams,
  filtersToSearchParams,
} from "./filters.ts";
import { groupKeys, type KeyedGroup } from "./industry-keys.ts";
import { pageNumber } from "../../rules/paging.ts";
import type { Sort, SortKey } from "./sort.ts";
import { nextSort, SORT_PARAMS, sortFromSearchParams, sortToSearchParams } from "./sort.ts";

/** Rows per page: small enough to keep the DOM light with 10,000 transactions. */
export const PAGE_SIZE = 25;

export interface ViewState {
  /** What the form shows; applied only on submit. */
  readonly draft: Filters;
  /** What the list is filtered by. */
  readonly applied: Filters;
  readonly page: number;
  readonly sort: Sort;
  /** Counts searches, so the result count is announced even when it did not change. */
  readonly searches: number;
}

export type ViewAction =
  | { readonly type: "draftChanged"; readonly draft: Filters }
  | { readonly type: "filterSubmitted" }
  | { readonly type: "filtersCleared" }
  | { readonly type: "pageChanged"; readonly page: number }
  | { readonly type: "sortChanged"; readonly key: SortKey }
  | { readonly type: "locationRestored"; readonly search: string }
  | { readonly type: "groupsLoaded"; readonly groups: readonly KeyedGroup[] };

/** The state a query string describes (the start URL, or one restored by Back/Forward). */
export function viewFromSearch(search: string, searches = 0): ViewState {
  const params = new URLSearchParams(search);
  const applied = filtersFromSearchParams(params);
  return {
    draft: applied,
    applied,
    page: pageNumber(params.get("page")),
    sort: sortFromSearchParams(params),
    searches,
  };
}

/** The next state for an action. */
export function viewReducer(state: ViewState, action: ViewAction): ViewState {
  switch (action.type) {
    case "draftChanged":
      return { ...state, draft: action.draft };
    case "filterSubmitted":
      return { ...state, applied: state.draft, page: 1, searches: state.searches + 1 };
    case "filtersCleared":
      return {
        ...state,
        draft: EMPTY_FILTERS,
        applied: EMPTY_FILTERS,
        page: 1,
        searches: state.searches + 1,
      };
    case "pageChanged":
      return { ...state, page: action.page };
    case "sortChanged":
      return { ...state, sort: nextSort(state.sort, action.key), page: 1 };
    case "groupsLoaded": {
      // The address may name groups by Id (a link shared before) or name a group since deleted:
      // from now on the state, and so the address, names the groups that exist by their keys.
      const keyed = (filters: Filters) => {
        const industries = groupKeys(filters.industries, action.groups);
        const isSame = industries.join() === filters.industries.join();
        return isSame ? filters : { ...filters, industries };
      };
      const draft = keyed(state.draft);
      const applied = keyed(state.applied);
      return draft === state.draft && applied === state.applied
        ? state
        : { ...state, draft, applied };
    }
    case "locationRestored": {
      // A popstate that leaves the widget's parameters as they are (an in-page link such as
      // "Skip to main content" changes only the fragment) keeps the state and the visitor's draft.
      const restored = viewFromSearch(action.search, state.searches + 1);
      return searchForView(restored, "") === searchForView(state, "") ? state : restored;
    }
  }
}

const OWN_PARAMS: readonly string[] = [...FILTER_PARAMS, ...SORT_PARAMS, "page"];

/**
 * The query string (with "?", or "" when empty) for a state, keeping any parameters of the host
 * page that are not the widget's own.
 */
export function searchForView(state: ViewState, currentSearch: string): string {
  const params = new URLSearchParams(currentSearch);
  for (const name of OWN_PARAMS) params.delete(name);
  for (const [name, value] of filtersToSearchParams(state.applied)) params.append(name, value);
  sortToSearchParams(state.sort, params);
  if (state.page > 1) params.set("page", String(state.page));
  const search = params.toString();
  return search === "" ? "" : `?${search}`;
}
