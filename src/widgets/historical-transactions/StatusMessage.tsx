// Views for the states before the results: loading, and a failed load with a way to retry.

/** Shown until the lists arrive. */
export function LoadingMessage() {
  return (
    <p className="ht-loading" role="status">
      Loading
    </p>
  );
}

interface LoadErrorProps {
  message: string;
  onRetry: () => void;
}

/** A failed load: what went wrong and a "Try again" button. */
export function LoadError({ message, onRetry }: LoadErrorProps) {
  return (
    <div className="ht-error" role="alert">
      <p className="ht-error-title">The transactions could not be loaded.</p>
      <p>{message}</p>
      <button type="button" className="ht-button" onClick={onRetry}>
        Try again
      </button>
    </div>
  );
}

interface ResultCountProps {
  count: number;
  searches: number;
}

/**
 * The polite live region with the number of results. A no-break space is added on every other
 * search so that repeating a search with the same count still changes the text and is announced
 * (the technique of alphagov/accessible-autocomplete's status).
 */
export function ResultCount({ count, searches }: ResultCountProps) {
  const text =
    count === 0
      ? "This search returned no results."
      : `${count.toLocaleString("en-US")} ${count === 1 ? "result" : "results"}`;
  return (
    <p className="ht-count" role="status" aria-live="polite" aria-atomic="true">
      {text}
      {searches % 2 === 1 ? "\u00a0" : ""}
    </p>
  );
}
