import type { Person } from "../../content/site.ts";

// The demo firm's bankers: invented names, numbers in the 555-01xx range set aside for fiction.
// `groups` name industry groups by their UrlName, as the hubs find them.
const person = (
  name: string,
  title: string,
  groups: string[],
  phone: string,
  biography: string,
): Person => ({
  name,
  title,
  groups,
  email: `${name.split(" ")[0]!.toLowerCase()}.${name.split(" ").at(-1)!.toLowerCase()}@halvorsenridge.com`,
  phone,
  biography,
});

export const DEMO_PEOPLE: Person[] = [
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
    "Thomas Lindqvist",
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
];
