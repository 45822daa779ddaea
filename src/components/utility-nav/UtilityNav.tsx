import type { Link } from "../../content/site.ts";
import { LinkList } from "../link-list/LinkList.tsx";

/** The small secondary links (contact, careers...), as a row on desktop or a list in the mobile menu. */
export function UtilityNav({ links, className }: { links: Link[]; className: string }) {
  if (links.length === 0) return null;
  return (
    <nav aria-label="Utility" className={className}>
      <LinkList links={links} className={`${className}-list`} linkClassName={`${className}-link`} />
    </nav>
  );
}
