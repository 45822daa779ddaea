// Wiring for the loaded state: derives the visible page from the rows and the visitor's search
// (each step memoised, so a search over 10,000 rows only runs the filter) and hands it to the views.
import { useMemo, useRef, useState } from "react";
import type { Filters } from "./filters.ts";
import { createMatcher } from "./filters.ts";
import { FilterForm } from "./FilterForm.tsx";
import { groupIds, groupKeys } from "./industry-keys.ts";
import { clampPage, pageCount, pageSlice } from "../../rules/paging.ts";
import { Pagination } from "./Pagination.tsx";
import { ResultsTable } from "./ResultsTable.tsx";
import type { Model } from "./rows.ts";
import type { SortKey } from "./sort.ts";
import { nextSort, sortRows } from "./sort.ts";
import { pageAnnouncement, sortAnnouncement } from "./announcements.ts";
import { ResultCount } from "./StatusMessage.tsx";
import { PAGE_SIZE, type ViewState } from "./view-state.ts";

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
  const { groups } = model;
  const sorted = useMemo(() => sortRows(model.rows, view.sort), [model.rows, view.sort]);
  // The search names groups by key (or, from an old link, by id) and may name one since deleted;
  // rows carry their group's id.
  const matches = useMemo(() => {
    const industries = groupIds(view.applied.industries, groups);
    return sorted.filter(createMatcher({ ...view.applied, industries }));
  }, [sorted, view.applied, groups]);
  const draft = useMemo(
    () => ({ ...view.draft, industries: groupKeys(view.draft.industries, groups) }),
    [view.draft, groups],
  );
  const pages = pageCount(matches.length, PAGE_SIZE);
  const page = clampPage(view.page, pages);
  const pageRows = useMemo(() => pageSlice(matches, page, PAGE_SIZE), [matches, page]);

  // What the last page or sort change did, for screen readers (a polite live region).
  const [announcement, setAnnouncement] = useState("");

  const handlePageChange = (next: number) => {
    onPageChange(next);
    setAnnouncement(pageAnnouncement(next, pages, matches.length));
    // The table stays mounted across pages: it takes focus at once, and its top comes into view
    // (focus alone would leave the view at the pager, the table's bottom being in sight).
    const table = tableRef.current;
    table?.focus({ preventScroll: true });
    table?.scrollIntoView({ block: "start" });
  };

  const handleSortChange = (key: SortKey) => {
    onSortChange(key);
    setAnnouncement(sortAnnouncement(nextSort(view.sort, key)));
  };

  return (
    <>
      <FilterForm
        filters={draft}
        groups={groups}
        onChange={onDraftChange}
        onSubmit={onSubmit}
        onClear={onClear}
      />
      <section className="ht-results" aria-label="Results">
        <ResultCount count={matches.length} searches={view.searches} />
        <p className="ht-visually-hidden" role="status" aria-live="polite" aria-atomic="true">
          {announcement}
        </p>
        {matches.length > 0 && (
          <>
            <ResultsTable
              rows={pageRows}
              sort={view.sort}
              onSort={handleSortChange}
              ref={tableRef}
            />
            <Pagination page={page} pageCount={pages} onPageChange={handlePageChange} />
          </>
        )}
      </section>
    </>
  );
}
