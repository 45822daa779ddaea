import { ARTICLES_PATH, TRANSACTIONS_PATH } from "../rules/site-paths.ts";

/** One step of a breadcrumb trail; the last is the current page and needs no url. */
export interface BreadcrumbItem {
  title: string;
  url?: string;
}

/** The trail's first step on every page. */
export const HOME_CRUMB: BreadcrumbItem = { title: "Home", url: "/" };

/** The all-articles listing, above every article and topic page. */
export const ARTICLES_CRUMB: BreadcrumbItem = {
  title: "Articles & Commentary",
  url: ARTICLES_PATH,
};

/** The Historical Transactions page, above every deal page. */
export const TRANSACTIONS_CRUMB: BreadcrumbItem = {
  title: "Historical Transactions",
  url: TRANSACTIONS_PATH,
};
