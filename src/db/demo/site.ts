import type { Page, Site } from "../../content/site.ts";
import type { FlatTaxon, HierarchyTaxon } from "../../content/taxon.ts";
import { ROOT_PARENT_ID } from "../../rules/taxonomies.ts";
import type { Alert } from "../../content/alert.ts";
import type { Office } from "../../content/office.ts";
import { stableGuid } from "./ids.ts";
import { FIRM } from "./words.ts";

const ARTICLES =
  "/latest-articles-commentary/featured-articles-commentary/all-articles-and-commentary";

/** Navigation, utility links, the alert and the plain pages of the demo firm. */
export function demoSite(tags: FlatTaxon[], industries: HierarchyTaxon[]): Site {
  const groups = industries.filter((t) => t.ParentId === ROOT_PARENT_ID);
  const tag = (title: string) => {
    const t = tags.find((x) => x.Title === title);
    return { title, url: `${ARTICLES}/-in-tags/tags/${t?.UrlName ?? ""}` };
  };
  return {
    firmName: FIRM,
    tagline: "Independent M&A advice for founders, families and boards.",
    description:
      `${FIRM} is an independent investment bank advising middle-market companies on mergers, ` +
      "acquisitions, capital raising and restructuring.",
    navigation: [
      {
        title: "Services",
        url: "/services",
        children: pagesUnder("/services"),
      },
      {
        title: "Industries",
        url: "/industries",
        children: groups.map((g) => ({ title: g.Title, url: `/industries/${g.UrlName}` })),
      },
      {
        title: "Transactions",
        url: "/transactions",
        children: [
          { title: "Historical Transactions", url: "/transactions" },
          { title: "Sell-Side Advisory", url: "/services/sell-side-advisory" },
          { title: "Buy-Side Advisory", url: "/services/buy-side-advisory" },
        ],
      },
      {
        title: "Insights",
        url: ARTICLES,
        children: [
          { title: "All Articles & Commentary", url: ARTICLES },
          { title: "Topics A – Z", url: "/topics" },
          tag("Market Outlook"),
          tag("Private Equity"),
        ],
      },
      {
        title: "About",
        url: "/about",
        children: pagesUnder("/about"),
      },
    ],
    utilityLinks: [
      { title: "Careers", url: "/about/careers" },
      { title: "Contact", url: "/about/contact" },
      { title: "Topics A – Z", url: "/topics" },
    ],
    pages: [...PAGES, ...hubIntroductions(groups)],
    // A fictional firm's BrokerCheck summary (its CRD number is made up).
    brokerCheckUrl: "https://brokercheck.finra.org/firm/summary/999901",
  };
}

/** When the demo's editors last saved the offices and the alert. */
const FIRM_EDITED = "2026-11-03T10:00:00Z";

const office = (
  Title: string,
  address: string[],
  Phone: string,
  Email: string,
  Ordinal: number,
) => ({
  Id: stableGuid(`office ${Title}`),
  LastModified: FIRM_EDITED,
  Title,
  Address: address.join("\n"),
  Phone,
  Email,
  Ordinal,
});

/** Fictional offices, the first the headquarters; the numbers are in the 555-01xx range. */
export const DEMO_OFFICES: (Office & { LastModified: string })[] = [
  office(
    "New York",
    ["450 Lexington Avenue, 31st Floor", "New York, NY 10017"],
    "+1 212 555 0100",
    "info@halvorsenridge.com",
    1,
  ),
  office(
    "Chicago",
    ["71 South Wacker Drive, Suite 2400", "Chicago, IL 60606"],
    "+1 312 555 0142",
    "chicago@halvorsenridge.com",
    2,
  ),
  office(
    "San Francisco",
    ["101 California Street, 38th Floor", "San Francisco, CA 94111"],
    "+1 415 555 0178",
    "sanfrancisco@halvorsenridge.com",
    3,
  ),
  office(
    "London",
    ["30 St Mary Axe, Level 19", "London EC3A 8BF"],
    "+44 20 7946 0123",
    "london@halvorsenridge.com",
    4,
  ),
];

/** The demo's alerts: the banner shows the newest. */
export const DEMO_ALERTS: (Alert & { LastModified: string })[] = [
  {
    Id: stableGuid("alert 2026-11-office-move"),
    LastModified: FIRM_EDITED,
    PublicationDate: "2026-11-03T09:00:00Z",
    Title: "Our New York office has moved to 450 Lexington Avenue, 31st Floor.",
    LinkTitle: "Contact details",
    LinkUrl: "/about/contact",
  },
];

/** The plain pages below a section's own, as its menu lists them. */
function pagesUnder(section: string) {
  return PAGES.filter((p) => p.path.startsWith(`${section}/`)).map((p) => ({
    title: p.title,
    url: p.path,
  }));
}

const p = (text: string) => `<p>${text}</p>`;

const PAGES: Page[] = [
  page(
    "/services",
    "Services",
    "Advisory services for middle-market companies and their owners.",
    p(
      "We advise on sales, acquisitions, capital raises and restructurings, from first conversation to closing.",
    ),
  ),
  page(
    "/services/sell-side-advisory",
    "Sell-Side Advisory",
    "Running competitive sale processes for owners.",
    p(
      "Our sell-side teams prepare the business, find the right buyers and negotiate terms that hold through closing.",
    ),
  ),
  page(
    "/services/buy-side-advisory",
    "Buy-Side Advisory",
    "Finding and executing acquisitions.",
    p(
      "We help strategic and financial buyers find, value and close acquisitions that fit their plans.",
    ),
  ),
  page(
    "/services/capital-raising",
    "Capital Raising",
    "Debt and equity from the right partners.",
    p(
      "We raise senior and junior debt, minority equity and growth capital from a wide network of investors.",
    ),
  ),
  page(
    "/services/restructuring",
    "Restructuring",
    "Advice for companies under pressure.",
    p(
      "We advise companies, boards and creditors through refinancings, restructurings and distressed sales.",
    ),
  ),
  page(
    "/services/valuation-and-fairness-opinions",
    "Valuation & Fairness Opinions",
    "Independent valuation advice.",
    p(
      "Our valuation team delivers fairness opinions and independent valuations for boards and special committees.",
    ),
  ),
  page(
    "/about",
    "About",
    `About ${FIRM}.`,
    p(
      `${FIRM} was founded in 1998 and has advised on more than four hundred completed transactions.`,
    ),
  ),
  page(
    "/about/our-firm",
    "Our Firm",
    "Independent, partner-led advice.",
    p(
      "Senior bankers lead every engagement from pitch to closing. We carry no conflicts from lending or research.",
    ),
  ),
  page(
    "/about/leadership",
    "Leadership",
    "The partners who lead the firm.",
    p(
      "Our partners bring decades of experience in investment banking, private equity and operations.",
    ),
  ),
  page(
    "/about/careers",
    "Careers",
    "Join the firm.",
    p(
      'We hire analysts and associates each year. Write to <a href="mailto:careers@halvorsenridge.com">careers@halvorsenridge.com</a> with your résumé.',
    ),
  ),
  page(
    "/about/contact",
    "Contact",
    "How to reach us.",
    p(
      "Our headquarters are at 450 Lexington Avenue, New York. Call or write to any of our offices, or to the banker you work with: we answer every enquiry within one business day.",
    ),
  ),
];

// Introductions for some of the hubs (a hub without one shows its figures alone).
const INTRODUCTIONS: Record<string, string> = {
  Healthcare:
    "Our healthcare bankers advise physician groups, device makers and healthcare IT companies, and the investors who back them, on sales, acquisitions and recapitalizations.",
  Technology:
    "From founder-led software companies to IT services platforms, we run processes that reach strategic acquirers and growth investors around the world.",
  Industrials:
    "Family-owned manufacturers and their private equity owners rely on our industrials team for sales, acquisitions and succession transactions.",
};

function hubIntroductions(groups: HierarchyTaxon[]): Page[] {
  return groups.flatMap((g) => {
    const text = INTRODUCTIONS[g.Title];
    return text
      ? [
          page(
            `/industries/${g.UrlName}`,
            g.Title,
            `${g.Title} transactions and coverage.`,
            p(text),
          ),
        ]
      : [];
  });
}

function page(path: string, title: string, description: string, content: string): Page {
  return { path, title, description, content };
}
