// The widget's one hook for effects: loading the three API lists (abortable, retryable) and
// keeping the visitor's search in the URL (pushState on each search, page or sort; popstate restores).
import { useCallback, useEffect, useReducer, useState } from "react";
import type { HierarchyTaxon } from "../../content/taxon.ts";
import type { Taxonomy } from "../../content/taxonomy.ts";
import type { Transaction } from "../../content/transaction.ts";
import { ApiError, fetchList, isAbort } from "../shared/api-client.ts";
import type { Filters } from "./filters.ts";
import { INDUSTRIES_TAXONOMY_NAME } from "./industries.ts";
import type { SortKey } from "./sort.ts";
import type { ViewAction } from "./view-state.ts";
import { searchForView, viewFromSearch, viewReducer } from "./view-state.ts";

/** The API's lists the widget needs. */
export interface ApiData {
  readonly transactions: readonly Transaction[];
  /** Every hierarchy-taxon of the industries taxonomy (children too, to resolve groups). */
  readonly industryTaxa: readonly HierarchyTaxon[];
}

export type LoadState =
  | { readonly status: "loading" }
  | { readonly status: "error"; readonly message: string }
  | { readonly status: "ready"; readonly data: ApiData };

const LOADING: LoadState = { status: "loading" };

/** The three calls: transactions newest first; the industries taxonomy, then its taxa. */
async function loadData(apiBase: string, signal: AbortSignal): Promise<ApiData> {
  const api = `${apiBase}/api/default`;
  const loadTaxa = async () => {
    const taxonomies = await fetchList<Taxonomy>(`${api}/taxonomies`, { signal });
    const industries = taxonomies.find((t) => t.Name === INDUSTRIES_TAXONOMY_NAME);
    // Without an industries taxonomy the deals still show, with no groups to filter by.
    if (industries === undefined) return [];
    const filter = encodeURIComponent(`TaxonomyId eq ${industries.Id}`);
    return fetchList<HierarchyTaxon>(`${api}/hierarchy-taxa?$filter=${filter}`, { signal });
  };
  const [transactions, industryTaxa] = await Promise.all([
    fetchList<Transaction>(`${api}/transactions?$orderby=${encodeURIComponent("Date desc")}`, {
      signal,
    }),
    loadTaxa(),
  ]);
  return { transactions, industryTaxa };
}

function messageOf(error: unknown): string {
  return error instanceof ApiError ? error.message : "Something went wrong while loading.";
}

/** Loads the data and holds the visitor's search; returns state and the actions the views call. */
export function useTransactions(apiBase: string) {
  const [load, setLoad] = useState<LoadState>(LOADING);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    loadData(apiBase, controller.signal).then(
      (data) => {
        if (!controller.signal.aborted) setLoad({ status: "ready", data });
      },
      (error: unknown) => {
        if (controller.signal.aborted || isAbort(error)) return;
        setLoad({ status: "error", message: messageOf(error) });
      },
    );
    return () => controller.abort();
  }, [apiBase, attempt]);

  const retry = useCallback(() => {
    setLoad(LOADING);
    setAttempt((n) => n + 1);
  }, []);

  const [view, dispatch] = useReducer(viewReducer, undefined, () =>
    viewFromSearch(window.location.search),
  );

  useEffect(() => {
    const handlePopState = () =>
      dispatch({ type: "locationRestored", search: window.location.search });
    window.addEventListener("popstate", handlePopState);
    return () => window.removeEventListener("popstate", handlePopState);
  }, []);

  // Runs in event handlers: the next state is computed with the same pure reducer to build its URL.
  const navigate = (action: ViewAction) => {
    dispatch(action);
    const next = searchForView(viewReducer(view, action), window.location.search);
    if (next === window.location.search) return;
    // An absolute URL: a host page's <base href> must not move the address (or throw, on another origin).
    const url = new URL(window.location.href);
    url.search = next;
    window.history.pushState(null, "", url);
  };

  return {
    load,
    retry,
    view,
    changeDraft: (draft: Filters) => dispatch({ type: "draftChanged", draft }),
    submit: () => navigate({ type: "filterSubmitted" }),
    clear: () => navigate({ type: "filtersCleared" }),
    changePage: (page: number) => navigate({ type: "pageChanged", page }),
    changeSort: (key: SortKey) => navigate({ type: "sortChanged", key }),
  };
}
