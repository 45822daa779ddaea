// View: the widget while its deals load. A skeleton of the form and of the table, hidden from
// assistive technology, around the 'Loading' status, which stands where the result count will.
// The skeleton's form takes the layout classes of the real one, so the table starts at the same
// height once the deals arrive. The page renders the same markup on the server (LoadingPlaceholder),
// so it shows from the first paint, before any script has run.

/** Rows of the skeleton table: enough to fill the first screen under the form. */
const ROWS = 8;

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
          {["date", "client", "size", "description", "industry"].map((column) => (
            <span key={column} className={`ht-col-${column}`}>
              <Bone kind="head" />
            </span>
          ))}
        </div>
        {Array.from({ length: ROWS }, (_, row) => (
          <div key={row} className="ht-skeleton-row">
            <span className="ht-col-date">
              <Bone kind="caption" />
              <Bone kind="text" />
            </span>
            <span className="ht-col-client">
              <Bone kind="client" />
            </span>
            <span className="ht-col-size">
              <Bone kind="caption" />
              <Bone kind="text" />
            </span>
            <span className="ht-col-description">
              <Bone kind="line" />
              <Bone kind="line" />
            </span>
            <span className="ht-col-industry">
              <Bone kind="caption" />
              <Bone kind="text" />
            </span>
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
