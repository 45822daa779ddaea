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
              className={`ht-col-${column.key}`}
              aria-sort={sort.key === column.key ? sort.direction : undefined}
            >
              <button type="button" className="ht-sort" onClick={() => onSort(column.key)}>
                {column.label}
                <SortIcon direction={sort.key === column.key ? sort.direction : null} />
              </button>
            </th>
          ))}
        </tr>
      </thead>
      <tbody role="rowgroup">
        {rows.map((row) => (
          <tr key={row.id} role="row">
            <td role="cell" data-label={label("date")} className="ht-col-date">
              {row.closeDate}
            </td>
            <td role="cell" data-label={label("client")} className="ht-col-client">
              {row.dealHref ? <a href={row.dealHref}>{row.company}</a> : row.company}
            </td>
            <td
              role="cell"
              data-label={label("size")}
              className={row.size === null ? "ht-col-size ht-undisclosed" : "ht-col-size"}
            >
              {row.sizeText}
            </td>
            <DescriptionCell row={row} />
            <td role="cell" data-label={label("industry")} className="ht-col-industry">
              {row.groupHref ? <a href={row.groupHref}>{row.groupTitle}</a> : row.groupTitle}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Two carets; the one of the sorted direction is drawn solid, the other faint. */
function SortIcon({ direction }: { direction: Sort["direction"] | null }) {
  return (
    <svg
      className="ht-sort-icon"
      viewBox="0 0 8 12"
      aria-hidden="true"
      focusable="false"
      data-direction={direction ?? undefined}
    >
      <path className="ht-sort-up" d="M4 0 8 4.5H0Z" />
      <path className="ht-sort-down" d="M4 12 0 7.5h8Z" />
    </svg>
  );
}

/**
 * A description: its HTML sanitised here, one cell at a time, so that React can pause between
 * cells while it renders the table and no single task blocks a slow phone for long.
 * A key with no HTML shows as text.
 */
function DescriptionCell({ row }: { row: Row }) {
  const html = row.descriptionHtml;
  const safeHtml = useMemo(() => (html === null ? null : sanitizeDescription(html)), [html]);
  // The text in a box of its own: a table cell ignores max-width, its content does not.
  return (
    <td role="cell" data-label={label("description")} className="ht-col-description">
      {safeHtml === null ? (
        <div className="ht-prose">{row.descriptionKey}</div>
      ) : (
        <div className="ht-prose" dangerouslySetInnerHTML={{ __html: safeHtml }} />
      )}
    </td>
  );
}
