// The firm's services: the site pages under /services, and the deals whose Service names one.
import type { Page } from "../content/site.ts";

export const SERVICES_PATH = "/services";

/** The pages of the services themselves (`/services/x`), in the site's order. */
export function servicePages(pages: readonly Page[]): Page[] {
  return pages.filter((p) => /^\/services\/[^/]+$/.test(p.path));
}

/** The page of a deal's Service (its title, whatever the case), or null. */
export function pageOfService(pages: readonly Page[], service: string | null): Page | null {
  if (!service) return null;
  const wanted = service.trim().toLowerCase();
  return servicePages(pages).find((p) => p.title.toLowerCase() === wanted) ?? null;
}

/** Is this path one service's page? */
export const isServicePage = (path: string) => /^\/services\/[^/]+$/.test(path);

/** The paged list of all of a service's deals. */
export const serviceDealsPath = (servicePath: string) => `${servicePath}/transactions`;
