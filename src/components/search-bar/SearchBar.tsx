import { Icon } from "../site-header/icons.tsx";
import type { DisclosurePanelProps, DisclosureToggleProps } from "../site-header/use-disclosure.ts";
import { SearchForm } from "./SearchForm.tsx";
import { useSearchBar } from "./use-search-bar.ts";
import "./SearchBar.css";

interface SearchBarProps {
  /** From the header's panel group, which owns the open state. */
  toggleProps: DisclosureToggleProps;
  panelProps: DisclosurePanelProps;
  onClose: () => void;
  defaultQuery?: string;
}

/** The header's search toggle and the panel below the header that holds the search form. */
export function SearchBar({ toggleProps, panelProps, onClose, defaultQuery }: SearchBarProps) {
  const { rootRef, inputRef, toggleRef, handleBlur } = useSearchBar({
    isOpen: !panelProps.hidden,
    onClose,
  });
  return (
    <div className="search-bar" ref={rootRef} onBlur={handleBlur}>
      <button type="button" ref={toggleRef} className="search-bar__toggle js-only" {...toggleProps}>
        <Icon name="search" />
        <span className="search-bar__toggle-text">Search</span>
      </button>
      <div className="search-bar__panel js-only" {...panelProps}>
        <div className="search-bar__inner">
          <SearchForm inputRef={inputRef} defaultQuery={defaultQuery} />
        </div>
      </div>
    </div>
  );
}
