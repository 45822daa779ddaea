// View: the widget while its deals load. A skeleton of the form and of the table, hidden from
// assistive technology, around the 'Loading' status, which stands where the result count will.
// The skeleton's form takes the layout classes of the real one, so the table starts at the same
// height once the deals arrive. The page renders the same markup on the server (LoadingPlaceholder),
// so it shows from the first paint, before any script has run.

/** Rows of the skeleton table: enough to fill the first screen under the form. */
const ROWS = 8;

/**
 * The table's columns and what a skeleton cell holds in each: a caption over a value, the
 * client's name, two lines of description.
 */
const CELLS: readonly (readonly [column: string, bones: readonly string[]])[] = [
  ["date", ["caption", "text"]],
  ["client", ["client"]],
  ["size", ["caption", "text"]],
  ["description", ["line", "line"]],
  ["industry", ["caption", "text"]],
];

/** A bar standing for a line of text or a control; `kind` sets its size. */
const Bone = ({ kind }: { kind: string }) => <span className={`ht-bone ht-bone-${kind}`} />;

/** A field's label over its control. */
function FieldBones({ className }: { className?: string }) {
  return (
    <span className={className ? `ht-field ${className}` : "ht-field"}>
      <span className="ht-label">
        <Bone kind="label" />
      </span>
      <span className="ht-control ht-bone ht-bone-control" />
    </span>
  );
}

/** The skeleton, then 'Loading' (a polite status), then the skeleton of the table. */
export function LoadingView() {
  return (
    <>
      <div className="ht-form ht-skeleton" aria-hidden="true">
        <div className="ht-fields">
          <FieldBones />
          <FieldBones />
          <span className="ht-field ht-size">
            <span className="ht-label ht-legend">
              <Bone kind="label" />
            </span>
            <span className="ht-size-range">
              <Bone kind="choice" />
            </span>
            <span className="ht-amount">
              <span className="ht-label">
                <Bone kind="label" />
              </span>
              <span className="ht-control ht-bone ht-bone-control" />
            </span>
          </span>
          <FieldBones className="ht-industries" />
        </div>
        <div className="ht-actions">
          <span className="ht-button ht-bone ht-bone-button" />
          <span className="ht-button-quiet ht-bone ht-bone-quiet" />
        </div>
      </div>
      <p className="ht-count ht-loading" role="status">
        Loading
      </p>
      <div className="ht-skeleton ht-skeleton-table" aria-hidden="true">
        <div className="ht-skeleton-head">
          {CELLS.map(([column]) => (
            <span key={column} className={`ht-col-${column}`}>
              <Bone kind="head" />
            </span>
          ))}
        </div>
        {Array.from({ length: ROWS }, (_, row) => (
          <div key={row} className="ht-skeleton-row">
            {CELLS.map(([column, bones]) => (
              <span key={column} className={`ht-col-${column}`}>
                {bones.map((kind, i) => (
                  <Bone key={i} kind={kind} />
                ))}
              </span>
            ))}
          </div>
        ))}
      </div>
    </>
  );
}

/**
 * The widget's root as the page renders it on the server, loading; the widget's own first render
 * replaces it with the same markup. Hidden when the browser runs no script (the page's
 * <noscript> list stands in for the widget then).
 */
export function LoadingPlaceholder() {
  return (
    <section className="ht ht-placeholder" aria-label="Historical transactions" tabIndex={-1}>
      <LoadingView />
    </section>
  );
}
