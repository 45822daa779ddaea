import type { Page } from "../content/site.ts";
import { HOME_CRUMB, type BreadcrumbItem } from "./crumbs.ts";

/** A plain content page with its place in the tree of pages. */
export interface PageInTree {
  page: Page;
  /** The pages directly below it, in the content's order. */
  children: Page[];
  /** Home, each page above it (nearest last), then the page itself. */
  crumbs: BreadcrumbItem[];
}

/**
 * The page at `path` (case and a trailing slash ignored) among the site's plain pages, with its
 * children and crumbs; null when there is none. The pages above it are those whose paths its own
 * path starts with: `/about/leadership` is below `/about`.
 */
export function pageInTree(pages: readonly Page[], path: string): PageInTree | null {
  const wanted = path.toLowerCase().replace(/\/+$/, "");
  const page = pages.find((p) => p.path === wanted);
  if (!page) return null;
  const ancestors = pages
    .filter((p) => page.path.startsWith(`${p.path}/`))
    .sort((a, b) => a.path.length - b.path.length);
  const children = pages.filter(
    (p) => p.path.startsWith(`${page.path}/`) && !p.path.slice(page.path.length + 1).includes("/"),
  );
  return {
    page,
    children,
    crumbs: [
      HOME_CRUMB,
      ...ancestors.map((p) => ({ title: p.title, url: p.path })),
      { title: page.title },
    ],
  };
}
