import type { ReactNode } from "react";
import type { Link, NavSection } from "../../content/site.ts";
import { useDisclosureGroup } from "../disclosure/use-disclosure.ts";
import { MobileMenu } from "../mobile-menu/MobileMenu.tsx";
import { SearchBar } from "../search-bar/SearchBar.tsx";
import { UtilityNav } from "../utility-nav/UtilityNav.tsx";
import { DropdownNav } from "./DropdownNav.tsx";
import "./SiteHeader.css";

/** What the layout passes to the header. */
export interface SiteHeaderProps {
  firmName: string;
  navigation: NavSection[];
  utilityLinks: Link[];
  /** The current query on /search, to prefill the search field. */
  searchQuery?: string;
  /**
   * The logo, drawn by the server (BaseLayout passes brand/Logo.tsx): it never changes, so it
   * stays out of the header's script.
   */
  children?: ReactNode;
}

/**
 * The page header: wordmark, utility links, main navigation with dropdowns, search and (below
 * the desktop breakpoint) the mobile menu. Its one piece of state is which of its panels is open
 * (a dropdown `nav-i`, "search" or "menu"), so opening one closes any other. Both layouts are
 * rendered and CSS picks one, so the server markup equals the first client render.
 */
export function SiteHeader({
  firmName,
  navigation,
  utilityLinks,
  searchQuery,
  children,
}: SiteHeaderProps) {
  const panels = useDisclosureGroup<string>();
  return (
    <header className="site-header">
      <div className="site-header__top">
        <UtilityNav links={utilityLinks} className="site-header__utility" />
      </div>
      <div className="site-header__bar">
        <a className="site-header__wordmark" href="/" aria-label={`${firmName}, home`}>
          {children}
        </a>
        <DropdownNav sections={navigation} panels={panels} />
        <div className="site-header__actions">
          <SearchBar
            toggleProps={panels.getToggleProps("search")}
            panelProps={panels.getPanelProps("search")}
            onClose={() => panels.close("search")}
            defaultQuery={searchQuery}
          />
          <MobileMenu
            navigation={navigation}
            utilityLinks={utilityLinks}
            toggleProps={panels.getToggleProps("menu")}
            panelProps={panels.getPanelProps("menu")}
            onClose={() => panels.close("menu")}
          />
        </div>
      </div>
    </header>
  );
}
