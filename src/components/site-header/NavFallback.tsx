import type { Link, NavSection } from "../../content/site.ts";
import { LinkList } from "../link-list/LinkList.tsx";
import { SearchForm } from "../search-bar/SearchForm.tsx";
import { UtilityNav } from "../utility-nav/UtilityNav.tsx";
import "./NavFallback.css";

interface NavFallbackProps {
  navigation: NavSection[];
  utilityLinks: Link[];
  searchQuery?: string;
}

/**
 * The navigation for visitors without script, for the layout's <noscript>: every section and
 * its links as plain nested lists, the utility links and the search form. Renders only.
 */
export function NavFallback({ navigation, utilityLinks, searchQuery }: NavFallbackProps) {
  return (
    <div className="nav-fallback">
      <nav aria-label="All sections" className="nav-fallback__sections">
        <ul className="nav-fallback__list">
          {navigation.map((section) => (
            <li key={section.url} className="nav-fallback__section">
              <a className="nav-fallback__section-link" href={section.url}>
                {section.title}
              </a>
              {section.children.length > 0 && (
                <LinkList links={section.children} className="nav-fallback__sublist" />
              )}
            </li>
          ))}
        </ul>
      </nav>
      <UtilityNav links={utilityLinks} className="nav-fallback__utility" />
      <div className="nav-fallback__search">
        <SearchForm defaultQuery={searchQuery} />
      </div>
    </div>
  );
}
