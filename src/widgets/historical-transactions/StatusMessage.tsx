// The widget's own status view, the number of results (loading and failure: shared/LoadStatus.tsx).

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
    <p
      className={count === 0 ? "ht-count ht-count-none" : "ht-count"}
      role="status"
      aria-live="polite"
      aria-atomic="true"
    >
      {text}
      {searches % 2 === 1 ? "\u00a0" : ""}
    </p>
  );
}
