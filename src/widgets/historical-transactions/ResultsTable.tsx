// View: one page of results in a sortable table (stacked into labelled cards on narrow screens).
import { useMemo, type Ref } from "react";
import type { Row } from "./rows.ts";
import { sanitizeDescription } from "./sanitize.ts";
import type { Sort, SortKey } from "./sort.ts";

interface ResultsTableProps {
  rows: readonly Row[];
  sort: Sort;
  onSort: (key: SortKey) => void;
  /** The table, focused after a page change so keyboard users land on the results. */
  ref?: Ref<HTMLTableElement>;
}

const COLUMNS: readonly { key: SortKey; label: string }[] = [
  { key: "date", label: "Close Date" },
  { key: "client", label: "Client" },
  { key: "size", label: "Size / $MM" },
  { key: "description", label: "Description" },
  { key: "industry", label: "Industry Group" },
];

const label = (key: SortKey) => COLUMNS.find((column) => column.key === key)?.label ?? "";

// The explicit table roles keep the semantics when CSS turns the rows into cards; Safari drops
// them on `display: block` (https://adrianroselli.com/2018/02/tables-css-display-properties-and-aria.html).
/** The results table: header buttons sort, `aria-sort` marks the sorted column. */
export function ResultsTable({ rows, sort, onSort, ref }: ResultsTableProps) {
  return (
    <table className="ht-table" role="table" tabIndex={-1} ref={ref}>
      <caption className="ht-visually-hidden">Historical transactions</caption>
      <thead role="rowgroup">
        <tr role="row">
          {COLUMNS.map((column) => (
            <th
              key={column.key}
              role="columnheader"
              scope="col"
              aria-sort={sort.key === column.key ? sort.direction : undefined}
            >
              <button type="button" className="ht-sort" onClick={() => onSort(column.key)}>
                {column.label}
                <span className="ht-sort-icon" aria-hidden="true">
                  {sort.key !== column.key ? "↕" : sort.direction === "ascending" ? "▲" : "▼"}
                </span>
              </button>
            </th>
          ))}
        </tr>
      </thead>
      <tbody role="rowgroup">
        {rows.map((row) => (
          <tr key={row.id} role="row">
            <td role="cell" data-label={label("date")} className="ht-nowrap">
              {row.closeDate}
            </td>
            <td role="cell" data-label={label("client")}>
              {row.dealHref ? <a href={row.dealHref}>{row.company}</a> : row.company}
            </td>
            <td role="cell" data-label={label("size")} className="ht-number">
              {row.sizeText}
            </td>
            <DescriptionCell row={row} />
            <td role="cell" data-label={label("industry")}>
              {row.groupTitle}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/**
 * A description: its HTML sanitised here, one cell at a time, so that React can pause between
 * cells while it renders the table and no single task blocks a slow phone for long (issue 23).
 * A key with no HTML shows as text.
 */
function DescriptionCell({ row }: { row: Row }) {
  const html = row.descriptionHtml;
  const safeHtml = useMemo(() => (html === null ? null : sanitizeDescription(html)), [html]);
  return safeHtml === null ? (
    <td role="cell" data-label={label("description")} className="ht-description">
      {row.descriptionKey}
    </td>
  ) : (
    <td
      role="cell"
      data-label={label("description")}
      className="ht-description"
      dangerouslySetInnerHTML={{ __html: safeHtml }}
    />
  );
}
