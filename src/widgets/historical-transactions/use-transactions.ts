// The widget's one hook for effects: loading the three API lists (abortable, retryable) and
// keeping the visitor's search in the URL (pushState on each search, page or sort; popstate restores).
import { useEffect, useEffectEvent, useReducer } from "react";
import { listReader } from "../shared/api-client.ts";
import type { WidgetConfig } from "../shared/config.ts";
import { forEachInSlices } from "../shared/slices.ts";
import { useLoad } from "../shared/use-load.ts";
import type { Filters } from "./filters.ts";
import { loadData, type ApiData } from "./load-data.ts";
import { createRowBuilder, type Model, type Row } from "./rows.ts";
import type { SortKey } from "./sort.ts";
import type { ViewAction } from "./view-state.ts";
import { searchForView, viewFromSearch, viewReducer } from "./view-state.ts";

/**
 * The table's rows from the API's lists, built a slice at a time: with thousands of deals, one
 * long task would leave a phone unresponsive while the widget loads.
 */
async function buildModelInSlices(
  data: ApiData,
  descriptions: Readonly<Record<string, string>>,
  config: WidgetConfig,
  signal: AbortSignal,
): Promise<Model> {
  const { buildRow, groups } = createRowBuilder(data.industryTaxa, descriptions, config);
  const rows: Row[] = [];
  await forEachInSlices(
    data.transactions,
    (transaction, index) => {
      const row = buildRow(transaction, index);
      if (row !== null) rows.push(row);
    },
    signal,
  );
  return { rows, groups };
}

/**
 * This page's address with another query string. Absolute: a host page's <base href> must not
 * move the address (or throw, on another origin).
 */
function urlWith(search: string): URL {
  const url = new URL(window.location.href);
  url.search = search;
  return url;
}

/**
 * Loads the data and holds the visitor's search; returns state and the actions the views call.
 * Once the table shows, the rows' search text is worked out in slices, ahead of a first search.
 */
export function useTransactions(
  config: WidgetConfig,
  descriptions: Readonly<Record<string, string>>,
) {
  const { load, retry } = useLoad("The transactions", JSON.stringify(config), async (signal) =>
    buildModelInSlices(
      await loadData(config, listReader(config.apiBase, signal)),
      descriptions,
      config,
      signal,
    ),
  );

  const rows = load.status === "ready" ? load.data.rows : null;
  useEffect(() => {
    if (rows === null) return;
    const controller = new AbortController();
    forEachInSlices(rows, (row) => row.text, controller.signal).catch(() => {});
    return () => controller.abort();
  }, [rows]);

  const [view, dispatch] = useReducer(viewReducer, undefined, () =>
    viewFromSearch(window.location.search),
  );

  // Once the groups are known, the address names the ticked ones by UrlName: a link shared with
  // their Ids is rewritten in place (no new history entry), so the next share reads well.
  const groups = load.status === "ready" ? load.data.groups : null;
  const nameGroups = useEffectEvent((known: NonNullable<typeof groups>) => {
    const action = { type: "groupsLoaded", groups: known } as const;
    dispatch(action);
    const next = searchForView(viewReducer(view, action), window.location.search);
    if (next !== window.location.search) window.history.replaceState(null, "", urlWith(next));
  });
  useEffect(() => {
    if (groups !== null) nameGroups(groups);
  }, [groups]);

  useEffect(() => {
    const handlePopState = () => {
      dispatch({ type: "locationRestored", search: window.location.search });
      if (groups !== null) dispatch({ type: "groupsLoaded", groups });
    };
    window.addEventListener("popstate", handlePopState);
    return () => window.removeEventListener("popstate", handlePopState);
  }, [groups]);

  // Runs in event handlers: the next state is computed with the same pure reducer to build its URL.
  const navigate = (action: ViewAction) => {
    dispatch(action);
    const next = searchForView(viewReducer(view, action), window.location.search);
    if (next !== window.location.search) window.history.pushState(null, "", urlWith(next));
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
