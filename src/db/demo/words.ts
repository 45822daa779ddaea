// Word lists for the fictional firm's demo content. All names are invented.

export const FIRM = "Halvorsen Ridge Partners";

/** Top-level industry groups and their child industries. */
export const INDUSTRY_TREE: readonly [string, readonly string[]][] = [
  ["Aerospace & Defense", ["Defense Electronics", "Space Systems"]],
  ["Business Services", ["Staffing", "Facility Services", "Marketing Services"]],
  ["Consumer & Retail", ["Food & Beverage", "Specialty Retail"]],
  ["Energy & Power", ["Renewables", "Oilfield Services"]],
  ["Financial Services", ["Insurance Brokerage", "Wealth Management"]],
  ["Healthcare", ["Medical Devices", "Healthcare IT", "Physician Services"]],
  ["Industrials", ["Precision Manufacturing", "Building Products"]],
  ["Technology", ["Software", "Cybersecurity", "IT Services"]],
  ["Transportation & Logistics", ["Freight Brokerage", "Fleet Services"]],
];

/** First words of the clients' names: places and things, saying nothing of a business. */
export const COMPANY_FIRST = [
  "Alder",
  "Beacon",
  "Cobalt",
  "Delta",
  "Ember",
  "Fairhaven",
  "Granite",
  "Harbor",
  "Ironwood",
  "Juniper",
  "Keystone",
  "Lakeside",
  "Meridian",
  "Northgate",
  "Orchard",
  "Pinecrest",
  "Quarry",
  "Redwood",
  "Summit",
  "Tidewater",
  "Union",
  "Vantage",
  "Westbrook",
  "Yellowstone",
  "Zephyr",
  "Bluestem",
  "Cedar",
  "Driftwood",
];
/** The last word of a client's name: none of them says what business the company is in. */
export const COMPANY_SUFFIX = ["Inc.", "LLC", "Holdings", "Group", "Corp.", "Co."];

/**
 * The words that say what a company does, by industry (top-level groups and their children): a
 * company's name takes one from its first industry, so a name never belongs to another group. No
 * word is in two groups.
 */
export const NAME_WORDS: Readonly<Record<string, readonly string[]>> = {
  "Aerospace & Defense": ["Aerospace", "Aviation", "Aerostructures", "Airframe"],
  "Defense Electronics": ["Defense", "Avionics", "Tactical", "Sensors"],
  "Space Systems": ["Orbital", "Space", "Launch", "Satellite"],
  "Business Services": ["Consulting", "Solutions", "Outsourcing", "Associates"],
  Staffing: ["Staffing", "Workforce", "Talent", "Recruiting"],
  "Facility Services": ["Facilities", "Maintenance", "Janitorial", "Grounds"],
  "Marketing Services": ["Marketing", "Media", "Creative", "Promotions"],
  "Consumer & Retail": ["Brands", "Goods", "Home", "Consumer"],
  "Food & Beverage": ["Foods", "Beverage", "Provisions", "Creamery", "Kitchens"],
  "Specialty Retail": ["Outfitters", "Apparel", "Mercantile", "Boutiques"],
  "Energy & Power": ["Energy", "Power", "Resources", "Fuels", "Utilities"],
  Renewables: ["Solar", "Wind", "Hydro", "Geothermal"],
  "Oilfield Services": ["Drilling", "Petroleum", "Wellsite", "Pipeline"],
  "Financial Services": ["Financial", "Bancorp", "Lending", "Payments"],
  "Insurance Brokerage": ["Insurance", "Risk", "Underwriters", "Assurance"],
  "Wealth Management": ["Advisors", "Fiduciary", "Trust", "Investment Counsel"],
  Healthcare: ["Health", "Care", "Clinical", "Therapeutics"],
  "Medical Devices": ["Medical", "Surgical", "Orthopedics", "Diagnostics"],
  "Healthcare IT": ["Informatics", "Telehealth", "MedTech"],
  "Physician Services": ["Physicians", "Dental", "Dermatology", "Pediatrics"],
  Industrials: ["Industries", "Manufacturing", "Controls", "Works", "Components"],
  "Precision Manufacturing": ["Precision", "Machining", "Fabrication", "Tooling"],
  "Building Products": ["Millwork", "Roofing", "Windows", "Cabinetry"],
  Technology: ["Technologies", "Systems", "Digital", "Labs"],
  Software: ["Software", "Analytics", "Cloud", "Data"],
  Cybersecurity: ["Cyber", "Security", "Identity"],
  "IT Services": ["Networks", "Computing", "Infotech"],
  "Transportation & Logistics": ["Logistics", "Transport", "Shipping", "Distribution"],
  "Freight Brokerage": ["Freight", "Cargo", "Carriers", "Forwarding"],
  "Fleet Services": ["Fleet", "Trucking", "Leasing", "Transit"],
};

/**
 * First words of the other companies in a deal (an acquirer, a target, a merger partner): none is
 * a client's first word, so a search for a client does not find its counterparties.
 */
export const OTHER_COMPANY_FIRST = [
  "Atlas",
  "Brightwater",
  "Copperline",
  "Evergreen",
  "Foxhall",
  "Glenmore",
  "Highland",
  "Larkspur",
  "Millbrook",
  "Oakmont",
  "Prairie",
  "Riverbend",
  "Silverton",
  "Thornbury",
  "Wexford",
];
export const OTHER_COMPANY_SUFFIX = ["Inc.", "Corp.", "Group", "Holdings", "LLC"];

/** Private equity firms and growth investors: buyers and investors. */
export const SPONSORS = [
  "Crescent Equity",
  "Lindqvist Capital",
  "Arbor Lane Partners",
  "Greyfield Capital",
  "Calder & Rowe",
  "Ashcombe Growth Partners",
];
/** Acquirers that buy across industries. */
export const CONGLOMERATES = ["Stonebridge Industries", "Pacifica Holdings", "Northwind Strategic"];
/** Banks and credit funds: lenders in a financing or a restructuring. */
export const LENDERS = [
  "Ridgeway Credit Partners",
  "Bramwell Bank",
  "Saltmarsh Credit",
  "Cardinal Point Lending",
];

/** Topics (Tags). Some letters are empty on purpose (q, x, z); one title is accented, one starts with a digit. */
export const TOPICS = [
  "Acquisition Finance",
  "Add-on Acquisitions",
  "Aerospace Supply Chains",
  "Buy-Side Advisory",
  "Board Governance",
  "Capital Markets",
  "Carve-outs",
  "Cross-Border M&A",
  "Cybersecurity",
  "Due Diligence",
  "Divestitures",
  "Debt Advisory",
  "Earnouts",
  "ESG",
  "Économie Circulaire",
  "Family Businesses",
  "Fairness Opinions",
  "Founder Transitions",
  "Growth Equity",
  "Healthcare Services",
  "Holding Periods",
  "Industrial Automation",
  "Insurance Brokerage",
  "Joint Ventures",
  "Key Employee Retention",
  "Leveraged Buyouts",
  "Logistics",
  "Market Outlook",
  "Management Buyouts",
  "Middle Market",
  "Net Working Capital",
  "Nearshoring",
  "Oilfield Services",
  "Operational Due Diligence",
  "Private Credit",
  "Private Equity",
  "Public-to-Private",
  "Quality of Earnings",
  "Recapitalizations",
  "Renewable Energy",
  "Restructuring",
  "Sell-Side Advisory",
  "Software",
  "Special Situations",
  "Succession Planning",
  "Tax Structuring",
  "Technology",
  "Transaction Insurance",
  "Unitranche Lending",
  "Valuation",
  "Venture Debt",
  "Wealth Management",
  "Working Capital",
  "Family Offices",
  "Roll-up Strategies",
  "Regulatory Review",
  "Healthcare IT",
  "Industrial Technology",
  "Exit Planning",
  "Employee Ownership",
  "2026 Outlook",
  "Deal Structuring",
  "Letters of Intent",
  "Buy-and-Build",
].filter((t) => !/^[QqXxZz]/.test(t));

export const ARTICLE_OPENERS = [
  "What Sellers Should Know About",
  "Five Lessons on",
  "A Practical Guide to",
  "Rethinking",
  "The State of",
  "Why Boards Are Revisiting",
  "Navigating",
  "Inside the Market for",
  "Preparing for",
  "How Buyers Approach",
  "Questions to Ask Before",
  "Trends in",
];
export const ARTICLE_CLOSERS = [
  "in the Middle Market",
  "This Year",
  "for Founder-Led Companies",
  "After a Volatile Year",
  "in a Higher-Rate World",
  "Across Industries",
  "for Family-Owned Businesses",
  "",
];
export const SENTENCES = [
  "Deal volume in the lower middle market has held up better than many expected.",
  "Buyers continue to pay premiums for businesses with recurring revenue and clean financial reporting.",
  "A well-run process creates competitive tension and protects value through closing.",
  "Sellers who prepare a quality of earnings report early tend to face fewer surprises in diligence.",
  "Financing markets have reopened, although lenders remain selective about leverage.",
  "Strategic acquirers are using acquisitions to fill capability gaps faster than they could build them.",
  "Management teams should expect deeper questions about customer concentration and pricing power.",
  "Structuring tools such as earnouts and seller notes can bridge a gap in valuation expectations.",
  "Cross-border interest remains strong for companies with differentiated technology.",
  "Timing a sale around a strong trailing twelve months remains one of the most important decisions.",
  "Private equity firms hold record levels of committed capital awaiting deployment.",
  "Regulatory review timelines have lengthened for larger combinations in concentrated sectors.",
];
