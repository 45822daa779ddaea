// The views of a widget's load before its data shows: loading, and a failed load with a way to
// retry. Each widget words them and styles them in its own stylesheet, through its class prefix.
import type { ReactNode, RefObject } from "react";
import type { Load } from "./use-load.ts";

/** Props of LoadStatus. */
export interface LoadStatusProps {
  load: Load<unknown>;
  /**
   * The widget's class prefix ("ht", "ts"): its stylesheet styles `-loading`, `-error`,
   * `-error-message`, `-error-title` and `-button` after it.
   */
  prefix: string;
  /** The status line while loading: "Loading", "Loading topics…". */
  loadingText: string;
  /** Shown above that line while loading, shaped like what is coming so the page does not move. */
  placeholder?: ReactNode;
  /** The failure's first words, before the reason: "Topics could not be loaded." */
  failedText: string;
  onRetry: () => void;
  /** Where focus goes on "Try again": the widget's region or heading (with tabIndex -1). */
  retryFocus: RefObject<HTMLElement | null>;
}

/** Loading, or what went wrong with "Try again"; nothing once the data is ready. */
export function LoadStatus({
  load,
  prefix,
  loadingText,
  placeholder,
  failedText,
  onRetry,
  retryFocus,
}: LoadStatusProps) {
  if (load.status === "ready") return null;
  if (load.status === "loading") {
    return (
      <>
        {placeholder}
        <p className={`${prefix}-loading`} role="status">
          {loadingText}
        </p>
      </>
    );
  }
  // "Try again" disappears when pressed: focus moves into the widget, where the loading status
  // and then the data are announced, instead of falling back to the top of the page.
  const handleRetry = () => {
    retryFocus.current?.focus();
    onRetry();
  };
  return (
    <div className={`${prefix}-error`}>
      {/* The alert is the message alone: "Try again" is read as a button, not as part of it. */}
      <p className={`${prefix}-error-message`} role="alert">
        <strong className={`${prefix}-error-title`}>{failedText}</strong> {load.message}
      </p>
      <button type="button" className={`${prefix}-button`} onClick={handleRetry}>
        Try again
      </button>
    </div>
  );
}
