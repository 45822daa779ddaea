// View: the industry group checklist with its select-all box (ticked, clear or mixed).
import type { SelectAllState } from "./filters.ts";
import { selectAllState, toggleIndustry } from "./filters.ts";
import type { KeyedGroup } from "./industry-keys.ts";

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

/** A fieldset of checkboxes, one per top-level industry, plus "Select all". */
export function IndustryChecklist({ groups, selected, onChange }: IndustryChecklistProps) {
  const allKeys = groups.map((group) => group.key);
  const state = selectAllState(selected, allKeys);
  if (groups.length === 0) {
    return (
      <fieldset className="ht-fieldset ht-industries">
        <legend className="ht-label">Industry group</legend>
        <p className="ht-note">No industry groups are available to filter by.</p>
      </fieldset>
    );
  }
  return (
    <fieldset className="ht-fieldset ht-industries">
      <legend className="ht-label">Industry group</legend>
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
    </fieldset>
  );
}
