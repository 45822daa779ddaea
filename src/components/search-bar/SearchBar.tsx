import type { DisclosurePanelProps, DisclosureToggleProps } from "../disclosure/use-disclosure.ts";
import { Icon } from "../icons/Icon.tsx";
import { SearchForm } from "./SearchForm.tsx";
import { useSearchBar } from "./use-search-bar.ts";
import "../buttons/action-button.css";
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
  const { rootProps, inputRef, toggleRef } = useSearchBar({
    isOpen: !panelProps.hidden,
    onClose,
  });
  return (
    <div className="search-bar" {...rootProps}>
      <button
        type="button"
        ref={toggleRef}
        className="action-button search-bar__toggle js-only"
        {...toggleProps}
      >
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
