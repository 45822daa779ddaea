// What stands in for the topics until they arrive, shaped like them and hidden from assistive
// technology, so nothing moves when they come. The widget draws the letter row and heading while
// it loads; the firm's /topics page draws TopicsShape in the placeholder on the server, whose
// height the widget then keeps until the topics show (mount.tsx).
import { LETTERS, type Letter } from "../../rules/topics.ts";
import { LOADING_TEXT } from "./text.ts";

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

/** Props of TopicsShape. */
export interface TopicsShapeProps {
  /** How many letter buttons there will be: 26, or 27 with "#". */
  letters: number;
  /** The letter it opens on, and how many topics that letter lists. */
  letter: Letter;
  topics: number;
}

/** The widget as it will look on its first letter, drawn by the page's server before it loads. */
export function TopicsShape({ letters, letter, topics }: TopicsShapeProps) {
  return (
    <div className="ts" aria-hidden="true">
      <div className="ts-body">
        <LetterBarPlaceholder count={letters} />
        <LetterHeadingPlaceholder letter={letter} />
        <p className="ts-loading">{LOADING_TEXT}</p>
        {topics > 0 && (
          <ul className="ts-topics">
            {Array.from({ length: topics }, (_, i) => (
              <li key={i}>
                <span className="ts-topic ts-topic--placeholder">{"\u00a0"}</span>
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
