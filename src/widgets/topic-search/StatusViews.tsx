import { LETTERS } from "./letters.ts";

/**
 * Shown while the topics load: a placeholder row shaped like the letter buttons, so the
 * page does not move when they arrive, and a status line.
 */
export function LoadingState() {
  return (
    <div className="ts-state">
      <div className="ts-letters" aria-hidden="true">
        {LETTERS.map((letter) => (
          <span key={letter} className="ts-letter ts-letter--placeholder">
            {letter.toUpperCase()}
          </span>
        ))}
      </div>
      <p role="status" className="ts-summary">
        Loading topics…
      </p>
    </div>
  );
}

/** Props of ErrorState. */
export interface ErrorStateProps {
  message: string;
  onRetry: () => void;
}

/** Shown when the topics could not be loaded: why, and a way to try again. */
export function ErrorState({ message, onRetry }: ErrorStateProps) {
  return (
    <div className="ts-state ts-error">
      <p role="alert" className="ts-error-message">
        <strong>Topics could not be loaded.</strong> {message}
      </p>
      <button type="button" className="ts-button" onClick={onRetry}>
        Try again
      </button>
    </div>
  );
}
