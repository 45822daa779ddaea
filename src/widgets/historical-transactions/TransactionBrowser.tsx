// Wiring for the loaded state: derives the visible page from the rows and the visitor's search
// (each step memoised, so a search over 10,000 rows only runs the filter) and hands it to the views.
import { useMemo, useRef } from "react";
import type { Filters } from "./filters.ts";
import { createMatcher, withKnownIndustries } from "./filters.ts";
import { FilterForm } from "./FilterForm.tsx";
import { clampPage, pageCount, pageSlice } from "./paging.ts";
import { Pagination } from "./Pagination.tsx";
import type { PageRow } from "./ResultsTable.tsx";
import { ResultsTable } from "./ResultsTable.tsx";
import type { Model } from "./rows.ts";
import { sanitizeDescription } from "./sanitize.ts";
import type { SortKey } from "./sort.ts";
import { sortRows } from "./sort.ts";
import { ResultCount } from "./StatusMessage.tsx";
import type { ViewState } from "./view-state.ts";

interface TransactionBrowserProps {
  model: Model;
  view: ViewState;
  onDraftChange: (filters: Filters) => void;
  onSubmit: () => void;
  onClear: () => void;
  onPageChange: (page: number) => void;
  onSortChange: (key: SortKey) => void;
}

/** The filter form, result count, one page of the table and the pager. */
export function TransactionBrowser({
  model,
  view,
  onDraftChange,
  onSubmit,
  onClear,
  onPageChange,
  onSortChange,
}: TransactionBrowserProps) {
  const tableRef = useRef<HTMLTableElement>(null);
  const groupIds = useMemo(() => model.groups.map((group) => group.id), [model.groups]);
  const sorted = useMemo(() => sortRows(model.rows, view.sort), [model.rows, view.sort]);
  const matches = useMemo(() => {
    const matcher = createMatcher(withKnownIndustries(view.applied, groupIds));
    return sorted.filter(matcher);
  }, [sorted, view.applied, groupIds]);
  const pages = pageCount(matches.length);
  const page = clampPage(view.page, pages);
  const pageRows = useMemo(
    () =>
      pageSlice(matches, page).map((row): PageRow => ({
        ...row,
        safeHtml: row.descriptionHtml === null ? null : sanitizeDescription(row.descriptionHtml),
      })),
    [matches, page],
  );

  const handlePageChange = (next: number) => {
    onPageChange(next);
    // The table stays mounted across pages, so it can take focus right away.
    tableRef.current?.focus();
  };

  return (
    <>
      <FilterForm
        filters={view.draft}
        groups={model.groups}
        onChange={onDraftChange}
        onSubmit={onSubmit}
        onClear={onClear}
      />
      <section className="ht-results" aria-label="Results">
        <ResultCount count={matches.length} searches={view.searches} />
        {matches.length > 0 && (
          <>
            <ResultsTable rows={pageRows} sort={view.sort} onSort={onSortChange} ref={tableRef} />
            <Pagination page={page} pageCount={pages} onPageChange={handlePageChange} />
          </>
        )}
      </section>
    </>
  );
}
