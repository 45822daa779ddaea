import type { NavSection } from "../../content/site.ts";
import type { DisclosureGroup } from "../disclosure/use-disclosure.ts";
import { Icon } from "../icons/Icon.tsx";
import { LinkList } from "../link-list/LinkList.tsx";
import { useDropdown } from "./use-dropdown.ts";
import "./DropdownNav.css";

interface DropdownNavProps {
  sections: NavSection[];
  /** The header's panel group; section `i` uses the id `nav-i`. */
  panels: DisclosureGroup<string>;
}

/**
 * The desktop main navigation: each section's landing link, and beside it a toggle
 * ("Services submenu") for the panel of its child links. Without script the links still work.
 */
export function DropdownNav({ sections, panels }: DropdownNavProps) {
  return (
    <nav aria-label="Main" className="dropdown-nav">
      <ul className="dropdown-nav__list">
        {sections.map((section, index) =>
          section.children.length === 0 ? (
            <li key={section.url} className="dropdown-nav__item">
              <a className="dropdown-nav__link" href={section.url}>
                {section.title}
              </a>
            </li>
          ) : (
            <DropdownItem key={section.url} section={section} id={`nav-${index}`} panels={panels} />
          ),
        )}
      </ul>
    </nav>
  );
}

function DropdownItem({
  section,
  id,
  panels,
}: {
  section: NavSection;
  id: string;
  panels: DisclosureGroup<string>;
}) {
  const { itemProps, toggleProps, panelProps } = useDropdown({
    isOpen: panels.isOpen(id),
    onOpen: () => panels.open(id),
    onClose: () => panels.close(id),
  });
  return (
    <li className="dropdown-nav__item" {...itemProps}>
      <a className="dropdown-nav__link" href={section.url}>
        {section.title}
      </a>
      <button
        type="button"
        className="dropdown-nav__toggle js-only"
        aria-label={`${section.title} submenu`}
        {...panels.getToggleProps(id)}
        {...toggleProps}
      >
        <Icon name="chevron" className="dropdown-nav__chevron" />
      </button>
      <div className="dropdown-nav__panel" {...panels.getPanelProps(id)} {...panelProps}>
        <LinkList
          links={section.children}
          className="dropdown-nav__panel-list"
          linkClassName="dropdown-nav__panel-link"
        />
      </div>
    </li>
  );
}
