// What a deal's page tells search engines, as schema.org JSON-LD: the page's place in the site
// (a BreadcrumbList) and what it is about (the client, an Organization).
import type { BreadcrumbItem } from "./crumbs.ts";

export interface DealFacts {
  Company: string;
  Date: string;
  Counterparty: string | null;
}

/** The JSON-LD graph of a deal's page; `siteUrl` makes the crumbs' addresses absolute. */
export function dealJsonLd(
  deal: DealFacts,
  pageUrl: string,
  crumbs: readonly BreadcrumbItem[],
  siteUrl: string,
): object {
  return {
    "@context": "https://schema.org",
    "@graph": [
      {
        "@type": "WebPage",
        "@id": pageUrl,
        url: pageUrl,
        name: deal.Company,
        datePublished: deal.Date,
        about: { "@type": "Organization", name: deal.Company },
        ...(deal.Counterparty
          ? { mentions: { "@type": "Organization", name: deal.Counterparty } }
          : {}),
      },
      {
        "@type": "BreadcrumbList",
        itemListElement: crumbs.map((crumb, i) => ({
          "@type": "ListItem",
          position: i + 1,
          name: crumb.title,
          ...(crumb.url ? { item: new URL(crumb.url, siteUrl).toString() } : {}),
        })),
      },
    ],
  };
}

/** JSON for a script element: `<` written as \u003c, so no text can close the element. */
export const scriptJson = (value: object) => JSON.stringify(value).replace(/</g, "\\u003c");
