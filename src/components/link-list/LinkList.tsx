import type { ComponentProps } from "react";
import type { Link } from "../../content/site.ts";

interface LinkListProps extends Omit<ComponentProps<"ul">, "children"> {
  links: Link[];
  /** The class of every link, where the place styles them by class. */
  linkClassName?: string;
}

/**
 * Links as a plain list, `ul > li > a`: the utility links and every section's submenu. Any other
 * prop goes to the list (its class; a panel's `id` and `hidden`).
 */
export function LinkList({ links, linkClassName, ...listProps }: LinkListProps) {
  return (
    <ul {...listProps}>
      {links.map((link) => (
        <li key={link.url}>
          <a className={linkClassName} href={link.url}>
            {link.title}
          </a>
        </li>
      ))}
    </ul>
  );
}
