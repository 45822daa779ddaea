// What stands in for the topics until they arrive, shaped like them and hidden from assistive
// technology, so nothing moves when they come: the letter row and the letter's heading.
import { LETTERS, type Letter } from "../../rules/topics.ts";

/** The letter row's shape: `count` empty cells where the letter buttons will be. */
export function LetterBarPlaceholder({ count = LETTERS.length }: { count?: number }) {
  return (
    <div className="ts-letters" aria-hidden="true">
      {Array.from({ length: count }, (_, i) => (
        <span key={i} className="ts-letter ts-letter--placeholder">
          {"\u00a0"}
        </span>
      ))}
    </div>
  );
}

/** The shape of the heading of `letter`, the selected one. */
export function LetterHeadingPlaceholder({ letter }: { letter: Letter }) {
  return (
    <span className="ts-results-letter ts-results-letter--placeholder" aria-hidden="true">
      {letter.toUpperCase()}
    </span>
  );
}
