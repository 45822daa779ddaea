import type { Ref } from "react";
import { useId } from "react";
import "./SearchForm.css";

interface SearchFormProps {
  defaultQuery?: string;
  inputRef?: Ref<HTMLInputElement>;
}

/** The site search form: a plain GET to /search?q=, so it works before (and without) script. */
export function SearchForm({ defaultQuery, inputRef }: SearchFormProps) {
  const inputId = useId();
  return (
    <form className="search-form" action="/search" method="get" role="search">
      <label className="search-form__label" htmlFor={inputId}>
        Search this site
      </label>
      <div className="search-form__row">
        <input
          ref={inputRef}
          id={inputId}
          className="search-form__input"
          type="search"
          name="q"
          defaultValue={defaultQuery}
          enterKeyHint="search"
        />
        <button type="submit" className="search-form__submit" aria-label="Submit search">
          Search
        </button>
      </div>
    </form>
  );
}
