import type { Ref } from "react";
import { useEffect, useId, useRef } from "react";
import "../field-row/field-row.css";
import "./SearchForm.css";

interface SearchFormProps {
  defaultQuery?: string;
  inputRef?: Ref<HTMLInputElement>;
}

/**
 * The site search form: a plain GET to /search?q=, so it works before (and without) script.
 * On first use (focus or typing) it loads the suggestions (search-suggest.ts), which make the
 * field a combobox; loading them only then keeps them out of every page's first script.
 */
export function SearchForm({ defaultQuery, inputRef }: SearchFormProps) {
  const inputId = useId();
  const hostRef = useRef<HTMLDivElement>(null);
  const undo = useRef<(() => void) | "loading" | null>(null);

  useEffect(() => () => (typeof undo.current === "function" ? undo.current() : undefined), []);

  function handleFirstUse(event: { currentTarget: HTMLInputElement }) {
    if (undo.current !== null) return;
    undo.current = "loading";
    const input = event.currentTarget;
    void import("./search-suggest.ts").then(({ enhanceSearchInput }) => {
      if (hostRef.current && input.isConnected)
        undo.current = enhanceSearchInput(input, hostRef.current);
    });
  }

  return (
    <form className="search-form" action="/search" method="get" role="search">
      <label className="search-form__label" htmlFor={inputId}>
        Search this site
      </label>
      <div className="field-row">
        <input
          ref={inputRef}
          id={inputId}
          className="field-row__field search-form__input"
          type="search"
          name="q"
          defaultValue={defaultQuery}
          enterKeyHint="search"
          onFocus={handleFirstUse}
          onInput={handleFirstUse}
        />
        <button type="submit" className="search-form__submit" aria-label="Submit search">
          Search
        </button>
      </div>
      {/* Left empty here: the suggestions fill it once loaded. */}
      <div ref={hostRef} className="search-suggest" />
    </form>
  );
}
