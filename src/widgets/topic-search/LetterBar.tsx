import { Fragment, useId, useRef, useState } from "react";
import type { FocusEvent, KeyboardEvent } from "react";
import { OTHER, type Letter } from "../../rules/topics.ts";
import type { LetterCount } from "./letters.ts";
import { rovingIndex } from "./roving.ts";
import { countText } from "./text.ts";

/** Props of LetterBar. */
export interface LetterBarProps {
  letters: readonly LetterCount[];
  selected: Letter;
  onSelect: (letter: Letter) => void;
}

/**
 * The row of letter buttons, a WAI-ARIA toolbar: one tab stop; the arrows, Home and End move
 * focus only and Enter/Space (a native button press) or a click selects, so a keyboard user
 * can pass over letters without pushing an address for each. Tabbing into the row lands on
 * the selected letter; the tab stop then follows focus until focus leaves the row.
 */
export function LetterBar({ letters, selected, onSelect }: LetterBarProps) {
  const idPrefix = useId();
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const [focused, setFocused] = useState<Letter | null>(null);
  const tabStop =
    [focused, selected].find((l) => letters.some((c) => c.letter === l)) ?? letters[0]?.letter;

  const handleKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    // Alt+Arrow is the browser's Back/Forward; leave modified keys alone.
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const index = buttons.current.findIndex((b) => b === event.target);
    const next = index === -1 ? null : rovingIndex(event.key, index, letters.length);
    if (next === null) return;
    event.preventDefault();
    buttons.current[next]?.focus();
  };

  const handleBlur = (event: FocusEvent<HTMLDivElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget)) setFocused(null);
  };

  return (
    <div
      className="ts-letters"
      role="toolbar"
      aria-label="Topics by letter"
      onKeyDown={handleKeyDown}
      onBlur={handleBlur}
    >
      {letters.map(({ letter, count }, i) => {
        const descriptionId = `${idPrefix}-${i}`;
        const isEmpty = count === 0;
        return (
          <Fragment key={letter}>
            <button
              ref={(el) => {
                buttons.current[i] = el;
              }}
              type="button"
              className={isEmpty ? "ts-letter ts-letter--empty" : "ts-letter"}
              aria-pressed={letter === selected}
              aria-label={letter === OTHER ? "# (digits and symbols)" : undefined}
              aria-describedby={descriptionId}
              tabIndex={letter === tabStop ? 0 : -1}
              onFocus={() => setFocused(letter)}
              onClick={() => onSelect(letter)}
            >
              {letter.toUpperCase()}
            </button>
            <span id={descriptionId} hidden>
              {countText(count)}
            </span>
          </Fragment>
        );
      })}
    </div>
  );
}
