// View: the filter form. It shows the draft filters and reports edits, submit and clear.
import type { FormEvent } from "react";
import type { Filters, SizeRange } from "./filters.ts";
import type { KeyedGroup } from "./industry-keys.ts";
import { IndustryChecklist } from "./IndustryChecklist.tsx";

interface FilterFormProps {
  filters: Filters;
  groups: readonly KeyedGroup[];
  onChange: (filters: Filters) => void;
  onSubmit: () => void;
  onClear: () => void;
}

const RANGES: readonly { value: SizeRange; label: string }[] = [
  { value: "above", label: "Above" },
  { value: "below", label: "Below" },
];

/** Description text, close date, size above/below an amount, industry groups; submit and clear. */
export function FilterForm({ filters, groups, onChange, onSubmit, onClear }: FilterFormProps) {
  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <form
      className="ht-form"
      role="search"
      aria-label="Filter transactions"
      onSubmit={handleSubmit}
    >
      <div className="ht-fields">
        <label className="ht-field">
          <span className="ht-label">Search by description</span>
          <input
            type="text"
            className="ht-control"
            value={filters.text}
            onChange={(event) => onChange({ ...filters, text: event.target.value })}
          />
        </label>
        <label className="ht-field">
          <span className="ht-label">Close date</span>
          <input
            type="date"
            className="ht-control"
            value={filters.date}
            onChange={(event) => onChange({ ...filters, date: event.target.value })}
          />
        </label>
        <fieldset className="ht-field ht-size">
          <legend className="ht-label ht-legend">Transaction size</legend>
          <div className="ht-size-range">
            {RANGES.map((range) => (
              <label key={range.value} className="ht-check">
                <input
                  type="radio"
                  name="ht-size-range"
                  value={range.value}
                  checked={filters.sizeRange === range.value}
                  onChange={() => onChange({ ...filters, sizeRange: range.value })}
                />
                <span>{range.label}</span>
              </label>
            ))}
          </div>
          <label className="ht-amount">
            <span className="ht-label">Amount ($MM)</span>
            <input
              type="number"
              className="ht-control"
              min="0"
              step="any"
              inputMode="decimal"
              value={filters.amount}
              onChange={(event) => onChange({ ...filters, amount: event.target.value })}
            />
          </label>
        </fieldset>
        <IndustryChecklist
          groups={groups}
          selected={filters.industries}
          onChange={(industries) => onChange({ ...filters, industries })}
        />
      </div>
      <div className="ht-actions">
        <button type="submit" className="ht-button">
          Search Historical Transactions
        </button>
        <button type="button" className="ht-button-quiet" onClick={onClear}>
          Clear filters
        </button>
      </div>
    </form>
  );
}
