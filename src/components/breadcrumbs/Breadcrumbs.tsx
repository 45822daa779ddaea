import type { BreadcrumbItem } from "../../lib/crumbs.ts";
import "./Breadcrumbs.css";

/** The trail from the home page to the current page. Renders only; needs no script. */
export function Breadcrumbs({ items }: { items: BreadcrumbItem[] }) {
  if (items.length === 0) return null;
  const last = items.length - 1;
  return (
    <nav aria-label="Breadcrumb" className="breadcrumbs">
      <ol className="breadcrumbs__list">
        {items.map((item, index) => (
          <li key={`${index}-${item.title}`} className="breadcrumbs__item">
            {index === last ? (
              <span aria-current="page">{item.title}</span>
            ) : item.url ? (
              <a className="breadcrumbs__link" href={item.url}>
                {item.title}
              </a>
            ) : (
              <span>{item.title}</span>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}
