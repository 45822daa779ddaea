// View: the industry groups, behind a toggle that says how many are ticked, with a select-all
// box (ticked, clear or mixed). Collapsed at first: nine check boxes would push the results a
// phone's screen down, and most searches do not use them.
import { useId, useState } from "react";
import type { SelectAllState } from "./filters.ts";
import { selectAllState, toggleIndustry } from "./filters.ts";
import { industrySummary, type KeyedGroup } from "./industry-keys.ts";

interface IndustryChecklistProps {
  groups: readonly KeyedGroup[];
  /** The ticked groups' keys. */
  selected: readonly string[];
  onChange: (selected: string[]) => void;
}

/** Mixed is a DOM property only (no attribute), so it is written through the ref. */
const showMixed = (state: SelectAllState) => (input: HTMLInputElement | null) => {
  if (input) input.indeterminate = state === "some";
};

/** A fieldset with its legend, the toggle (a disclosure button) and the check boxes it shows. */
export function IndustryChecklist({ groups, selected, onChange }: IndustryChecklistProps) {
  const [isOpen, setOpen] = useState(false);
  const panelId = useId();
  const allKeys = groups.map((group) => group.key);
  const state = selectAllState(selected, allKeys);
  return (
    <fieldset className="ht-field ht-industries">
      <legend className="ht-label ht-legend">Industry group</legend>
      {groups.length === 0 ? (
        <p className="ht-note">No industry groups are available to filter by.</p>
      ) : (
        <>
          <button
            type="button"
            className="ht-control ht-toggle"
            aria-expanded={isOpen}
            aria-controls={panelId}
            onClick={() => setOpen(!isOpen)}
          >
            {industrySummary(selected, groups)}
            <svg className="ht-chevron" viewBox="0 0 12 8" aria-hidden="true" focusable="false">
              <path d="M1 1.5 6 6.5 11 1.5" />
            </svg>
          </button>
          <div className="ht-industry-panel" id={panelId} hidden={!isOpen}>
            <label className="ht-check ht-check-all">
              <input
                type="checkbox"
                ref={showMixed(state)}
                checked={state === "all"}
                onChange={(event) => onChange(event.target.checked ? allKeys : [])}
              />
              <span>Select all</span>
            </label>
            <ul className="ht-checklist">
              {groups.map((group) => (
                <li key={group.key}>
                  <label className="ht-check">
                    <input
                      type="checkbox"
                      checked={selected.includes(group.key)}
                      onChange={(event) =>
                        onChange(toggleIndustry(selected, group.key, event.target.checked, allKeys))
                      }
                    />
                    <span>{group.title}</span>
                  </label>
                </li>
              ))}
            </ul>
          </div>
        </>
      )}
    </fieldset>
  );
}
