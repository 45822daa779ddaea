import { useId } from "react";
import type { Link, NavSection } from "../../content/site.ts";
import { CloseButton } from "../buttons/CloseButton.tsx";
import type { DisclosurePanelProps, DisclosureToggleProps } from "../disclosure/use-disclosure.ts";
import { Icon } from "../icons/Icon.tsx";
import { UtilityNav } from "../utility-nav/UtilityNav.tsx";
import { MobileNav } from "./MobileNav.tsx";
import { useMobileMenu } from "./use-mobile-menu.ts";
import "../buttons/action-button.css";
import "./MobileMenu.css";

interface MobileMenuProps {
  navigation: NavSection[];
  utilityLinks: Link[];
  /** From the header's panel group, which owns the open state. */
  toggleProps: DisclosureToggleProps;
  panelProps: DisclosurePanelProps;
  onClose: () => void;
}

/**
 * Below the desktop breakpoint: the "Open menu" button and the menu it opens, a modal panel
 * sliding in from the right over a dimmed backdrop, with the main and utility navigation.
 */
export function MobileMenu({
  navigation,
  utilityLinks,
  toggleProps,
  panelProps,
  onClose,
}: MobileMenuProps) {
  const headingId = useId();
  const { openButtonRef, containerRef, dialogRef, handleDialogKeyDown } = useMobileMenu({
    isOpen: !panelProps.hidden,
    onClose,
  });
  return (
    <>
      <button
        ref={openButtonRef}
        type="button"
        className="action-button mobile-menu__open js-only"
        aria-label="Open menu"
        {...toggleProps}
      >
        <Icon name="menu" />
        <span className="mobile-menu__open-text">Menu</span>
      </button>
      <div ref={containerRef} className="mobile-menu js-only" {...panelProps}>
        <div id="mobile-menu-backdrop" className="mobile-menu__backdrop" onClick={onClose} />
        <div
          ref={dialogRef}
          role="dialog"
          aria-modal="true"
          aria-labelledby={headingId}
          className="mobile-menu__panel"
          onKeyDown={handleDialogKeyDown}
        >
          <div className="mobile-menu__head">
            <h2 id={headingId} className="mobile-menu__title">
              Menu
            </h2>
            <CloseButton label="Close menu" className="mobile-menu__close" onClick={onClose} />
          </div>
          <MobileNav sections={navigation} />
          <UtilityNav links={utilityLinks} className="mobile-menu__utility" />
        </div>
      </div>
    </>
  );
}
