// The Historical Transactions widget: loads the data, then lets visitors filter, sort and page it.
import { useRef } from "react";
import type { WidgetConfig } from "../shared/config.ts";
import { LoadStatus } from "../shared/LoadStatus.tsx";
import { LoadingView } from "./LoadingView.tsx";
import { TransactionBrowser } from "./TransactionBrowser.tsx";
import { useTransactions } from "./use-transactions.ts";

export interface HistoricalTransactionsProps {
  /** The web service and how its content is set up (the placeholder's data attributes). */
  config: WidgetConfig;
  /** Description key -> HTML, from the page (see descriptions.ts). */
  descriptions: Readonly<Record<string, string>>;
}

/** The widget: loading (shaped like what is coming, so nothing moves), failed, or the search. */
export function HistoricalTransactions({ config, descriptions }: HistoricalTransactionsProps) {
  const { load, retry, view, changeDraft, submit, clear, changePage, changeSort } = useTransactions(
    config,
    descriptions,
  );
  const rootRef = useRef<HTMLElement>(null);
  const model = load.status === "ready" ? load.data : null;

  return (
    <section className="ht" aria-label="Historical transactions" tabIndex={-1} ref={rootRef}>
      {load.status === "loading" ? (
        <LoadingView />
      ) : (
        <LoadStatus
          load={load}
          prefix="ht"
          loadingText="Loading"
          failedText="The transactions could not be loaded."
          onRetry={retry}
          retryFocus={rootRef}
        />
      )}
      {model !== null && (
        <TransactionBrowser
          model={model}
          view={view}
          onDraftChange={changeDraft}
          onSubmit={submit}
          onClear={clear}
          onPageChange={changePage}
          onSortChange={changeSort}
        />
      )}
    </section>
  );
}
