import type { NavSection } from "../../content/site.ts";
import { useDisclosureGroup } from "../disclosure/use-disclosure.ts";
import { Icon } from "../icons/Icon.tsx";
import { LinkList } from "../link-list/LinkList.tsx";
import "./MobileNav.css";

/** The main navigation inside the mobile menu: section links with submenus, one open at a time. */
export function MobileNav({ sections }: { sections: NavSection[] }) {
  const submenus = useDisclosureGroup<string>();
  return (
    <nav aria-label="Main" className="mobile-nav">
      <ul className="mobile-nav__list">
        {sections.map((section, index) => {
          const id = `section-${index}`;
          const hasChildren = section.children.length > 0;
          return (
            <li key={section.url} className="mobile-nav__item">
              <div className="mobile-nav__row">
                <a className="mobile-nav__link" href={section.url}>
                  {section.title}
                </a>
                {hasChildren && (
                  <button
                    type="button"
                    className="mobile-nav__toggle"
                    aria-label={`${section.title} submenu`}
                    {...submenus.getToggleProps(id)}
                  >
                    <Icon name="chevron" className="mobile-nav__chevron" />
                  </button>
                )}
              </div>
              {hasChildren && (
                <LinkList
                  links={section.children}
                  className="mobile-nav__submenu"
                  linkClassName="mobile-nav__sublink"
                  {...submenus.getPanelProps(id)}
                />
              )}
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
