import type { Link } from "../../content/site.ts";

/** The small secondary links (contact, careers...), as a row on desktop or a list in the mobile menu. */
export function UtilityNav({ links, className }: { links: Link[]; className: string }) {
  if (links.length === 0) return null;
  return (
    <nav aria-label="Utility" className={className}>
      <ul className={`${className}-list`}>
        {links.map((link) => (
          <li key={link.url}>
            <a className={`${className}-link`} href={link.url}>
              {link.title}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
