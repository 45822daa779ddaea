import type { Person } from "../../content/person.ts";
import { slug, stableGuid } from "./ids.ts";
import { demoPhoto } from "./portraits.ts";

// The demo firm's bankers, as the firm's Sitefinity holds them (its People type): invented names,
// numbers in the 555-01xx range set aside for fiction. `groups` name industry groups by their
// UrlName; the demo turns them into the taxa's Ids. The order is the leadership page's (Ordinal).
// Each has a drawn portrait (./portraits.ts), never a real person's photograph.

/** A demo banker before their groups are resolved to taxon Ids. */
export interface DemoPerson extends Omit<Person, "Industries" | "LastModified"> {
  LastModified: string;
  groups: string[];
}

/** When the demo's editors last saved the people. */
const PEOPLE_EDITED = "2026-11-03T10:00:00Z";

const person = (
  name: string,
  title: string,
  groups: string[],
  phone: string,
  biography: string,
): DemoPerson => {
  const words = name.split(" ");
  return {
    Id: stableGuid(`person ${name}`),
    LastModified: PEOPLE_EDITED,
    UrlName: slug(name),
    Title: name,
    FirstName: words.slice(0, -1).join(" "),
    LastName: words.at(-1)!,
    JobTitle: title,
    Biography: `<p>${biography}</p>`,
    Email: `${words[0]!.toLowerCase()}.${words.at(-1)!.toLowerCase()}@halvorsenridge.com`,
    Phone: phone,
    groups,
    Photo: demoPhoto(name, slug(name)),
    Ordinal: null,
  };
};

const PEOPLE: DemoPerson[] = [
  person(
    "Margit Halvorsen",
    "Founding Partner",
    [],
    "+1 212 555 0101",
    "Margit founded the firm in 1998 after two decades in the mergers groups of two bulge-bracket banks. She chairs the firm's commitment committee and advises founders and boards on their most consequential sales.",
  ),
  person(
    "Daniel Okafor",
    "Managing Partner",
    ["industrials", "aerospace-and-defense"],
    "+1 212 555 0102",
    "Daniel leads the firm and its industrials practice. He has advised on more than 120 transactions for family-owned manufacturers, aerospace suppliers and their private equity owners.",
  ),
  person(
    "Priya Raman",
    "Partner, Healthcare",
    ["healthcare"],
    "+1 415 555 0181",
    "Priya advises physician groups, medical device makers and healthcare IT companies on sales, recapitalizations and acquisitions. Before joining the firm she practised as a hospital strategy consultant.",
  ),
  person(
    "Thomas Lindgren",
    "Partner, Technology",
    ["technology"],
    "+1 415 555 0182",
    "Thomas covers software, cybersecurity and IT services. He has run sale processes for founder-led software companies selling to strategic acquirers and growth equity investors.",
  ),
  person(
    "Grace Whitfield",
    "Partner, Consumer & Retail",
    ["consumer-and-retail"],
    "+1 312 555 0143",
    "Grace advises food and beverage brands and specialty retailers. She is known for building buyer lists that reach beyond the obvious strategic acquirers.",
  ),
  person(
    "Marcus Bell",
    "Partner, Energy & Power",
    ["energy-and-power"],
    "+1 312 555 0144",
    "Marcus advises renewable developers and oilfield services companies on sales, joint ventures and project financings across North America.",
  ),
  person(
    "Sofia Marchetti",
    "Partner, Financial Services",
    ["financial-services"],
    "+44 20 7946 0124",
    "Sofia leads the firm's London office and its financial services practice, advising insurance brokers and wealth managers on cross-border combinations.",
  ),
  person(
    "James Adeyemi",
    "Managing Director, Business Services",
    ["business-services"],
    "+1 212 555 0105",
    "James advises staffing, facility services and marketing services companies, and the sponsors who build platforms in those sectors.",
  ),
  person(
    "Hannah Kessler",
    "Managing Director, Transportation & Logistics",
    ["transportation-and-logistics"],
    "+1 312 555 0145",
    "Hannah covers freight brokerage, fleet services and third-party logistics. She joined the firm from a transportation-focused private equity fund.",
  ),
  person(
    "Robert Tanaka",
    "Managing Director, Restructuring",
    ["industrials", "energy-and-power"],
    "+1 212 555 0106",
    "Robert advises companies, boards and creditor groups through refinancings, restructurings and distressed sales.",
  ),
  person(
    "Elena Petrova",
    "Director, Valuation & Fairness Opinions",
    [],
    "+1 212 555 0107",
    "Elena leads the firm's valuation team, which delivers fairness opinions and independent valuations to boards and special committees.",
  ),
  person(
    "Samuel Ortiz",
    "Director, Aerospace & Defense",
    ["aerospace-and-defense"],
    "+1 312 555 0146",
    "Samuel advises defense electronics and space systems companies, with a focus on sales to strategic acquirers subject to national security review.",
  ),
  person(
    "Olivia Brennan",
    "Vice President, Healthcare",
    ["healthcare"],
    "+1 415 555 0183",
    "Olivia executes sale and financing processes for physician practice management and healthcare services companies, from the first valuation to the closing.",
  ),
  person(
    "Kenji Mori",
    "Vice President, Technology",
    ["technology"],
    "+1 415 555 0184",
    "Kenji works on software and IT services mandates, building the financial models and buyer outreach behind the firm's technology sale processes.",
  ),
  person(
    "Laura Chen",
    "Vice President, Industrials",
    ["industrials"],
    "+1 212 555 0108",
    "Laura advises family-owned manufacturers and distributors, and has worked on more than thirty completed industrial transactions.",
  ),
  person(
    "Nadia Haddad",
    "Vice President, Consumer & Retail",
    ["consumer-and-retail"],
    "+1 312 555 0147",
    "Nadia covers branded consumer products and restaurants, and leads the diligence preparation for the group's sell-side mandates.",
  ),
  person(
    "Peter Novak",
    "Vice President, Energy & Power",
    ["energy-and-power"],
    "+1 312 555 0148",
    "Peter works on renewable energy and midstream transactions, including the project-level financings that often accompany them.",
  ),
  person(
    "William Asante",
    "Vice President, Financial Services",
    ["financial-services"],
    "+44 20 7946 0125",
    "William advises specialty insurers and asset managers from the London office, with a focus on cross-border buyers.",
  ),
  person(
    "Chloe Dubois",
    "Vice President, Business Services",
    ["business-services"],
    "+1 212 555 0109",
    "Chloe covers outsourced services and staffing businesses, and the sponsor-backed platforms that acquire them.",
  ),
  person(
    "Aaron Fischer",
    "Vice President, Transportation & Logistics",
    ["transportation-and-logistics"],
    "+1 312 555 0149",
    "Aaron advises trucking, brokerage and warehousing companies on sales and recapitalizations.",
  ),
  person(
    "Isabel Romero",
    "Vice President, Aerospace & Defense",
    ["aerospace-and-defense"],
    "+1 312 555 0150",
    "Isabel works on aerospace components and government services transactions, including those that need a national security review.",
  ),
];

/** The demo's people, each with its place on the leadership page. */
export const DEMO_PEOPLE: DemoPerson[] = PEOPLE.map((p, at) => ({ ...p, Ordinal: at + 1 }));
