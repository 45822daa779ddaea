import type { Random } from "./random.ts";
import * as W from "./words.ts";

// A demo deal's announcement as a firm words one: the firm's role (its service) decides who the
// counterparty is and how the sentence goes, and each service has a few ways of saying it, opened
// as the firm's own announcements vary (the firm advised the client; the client did something,
// advised by the firm).

/** The firm's services, titled as the demo site's /services pages title them. */
export const SERVICES = [
  "Sell-Side Advisory",
  "Buy-Side Advisory",
  "Capital Raising",
  "Restructuring",
  "Valuation & Fairness Opinions",
] as const;
export type Service = (typeof SERVICES)[number];

/** How the deals share out among the services: mostly sales, as at most mid-market firms. */
const SHARES: readonly (readonly [Service, number])[] = [
  ["Sell-Side Advisory", 0.42],
  ["Buy-Side Advisory", 0.2],
  ["Capital Raising", 0.18],
  ["Restructuring", 0.08],
  ["Valuation & Fairness Opinions", 0.12],
];

/** The service a uniform draw in [0, 1) falls on, by the services' shares. */
export function serviceAt(draw: number): Service {
  let edge = 0;
  for (const [service, share] of SHARES) {
    edge += share;
    if (draw < edge) return service;
  }
  return SHARES.at(-1)![0];
}

/** Who is on the other side: a private equity firm, a lender, or another company. */
type Side = "sponsor" | "buyer" | "lender" | "company";

/**
 * One way of telling a deal: `clause` follows "the firm advised the client" ("on its sale to X"),
 * `news` follows the client ("has been acquired by X"); `amount` is the deal's size in words, or
 * null when it was not disclosed.
 */
interface Template {
  side: Side;
  clause: (x: string, amount: string | null) => string;
  news: (x: string, amount: string | null) => string;
}

const sized = (amount: string | null, noun: string, otherwise: string) =>
  amount === null ? otherwise : `a ${amount} ${noun}`;

const TEMPLATES: Readonly<Record<Exclude<Service, "Valuation & Fairness Opinions">, Template[]>> = {
  "Sell-Side Advisory": [
    {
      side: "buyer",
      clause: (x) => `on its sale to ${x}`,
      news: (x) => `has been acquired by ${x}`,
    },
    {
      side: "buyer",
      clause: (x) => `on its acquisition by ${x}`,
      news: (x) => `has completed its sale to ${x}`,
    },
    { side: "sponsor", clause: (x) => `on its sale to ${x}`, news: (x) => `has been sold to ${x}` },
  ],
  "Buy-Side Advisory": [
    {
      side: "company",
      clause: (x) => `on its acquisition of ${x}`,
      news: (x) => `has acquired ${x}`,
    },
    {
      side: "company",
      clause: (x) => `on its purchase of ${x}`,
      news: (x) => `has completed its acquisition of ${x}`,
    },
  ],
  "Capital Raising": [
    {
      side: "sponsor",
      clause: (x, a) => `on ${sized(a, "growth investment", "a growth investment")} from ${x}`,
      news: (x, a) =>
        `has received ${sized(a, "growth investment", "a growth investment")} from ${x}`,
    },
    {
      side: "sponsor",
      clause: (x) => `on a minority investment from ${x}`,
      news: (x) => `has closed a minority investment from ${x}`,
    },
    {
      side: "lender",
      clause: (x, a) =>
        `on ${sized(a, "senior credit facility", "a senior credit facility")} provided by ${x}`,
      news: (x, a) =>
        `has closed ${sized(a, "senior credit facility", "a senior credit facility")} provided by ${x}`,
    },
    {
      side: "lender",
      clause: (x, a) => `on ${sized(a, "financing", "its financing")} from ${x}`,
      news: (x, a) => `has secured ${sized(a, "financing", "new financing")} from ${x}`,
    },
  ],
  Restructuring: [
    {
      side: "lender",
      clause: (x) => `on the restructuring of its debt with lenders led by ${x}`,
      news: (x) => `has completed the restructuring of its debt with lenders led by ${x}`,
    },
    {
      side: "sponsor",
      clause: (x) => `on its recapitalization with ${x}`,
      news: (x) => `has completed a recapitalization with ${x}`,
    },
    {
      side: "lender",
      clause: (x) => `on the amendment and extension of its credit facility with ${x}`,
      news: (x) => `has amended and extended its credit facility with ${x}`,
    },
  ],
};

/** A fairness opinion is given to a board, on a merger with another company. */
const FAIRNESS: readonly ((firm: string, client: string, x: string) => string)[] = [
  (firm, client, x) =>
    `${firm} rendered a fairness opinion to the board of directors of ${client} on its merger with ${x}.`,
  (firm, client, x) =>
    `${firm} delivered a fairness opinion to the special committee of the board of ${client} in connection with its merger with ${x}.`,
  (firm, client, x) =>
    `${client} has completed its merger with ${x}. ${firm} rendered a fairness opinion to the company's board of directors.`,
];

/** How an announcement opens: the firm's part, then what the client did (or the other way round). */
const OPENINGS: readonly ((
  firm: string,
  client: string,
  t: Template,
  x: string,
  a: string | null,
) => string)[] = [
  (firm, client, t, x, a) => `${firm} advised ${client} ${t.clause(x, a)}.`,
  (firm, client, t, x, a) =>
    `${firm} acted as exclusive financial advisor to ${client} ${t.clause(x, a)}.`,
  (firm, client, t, x, a) => `${firm} served as financial advisor to ${client} ${t.clause(x, a)}.`,
  (firm, client, t, x, a) =>
    `${client} ${t.news(x, a)}. ${firm} acted as financial advisor to the company.`,
  (firm, client, t, x, a) => `${client}, advised by ${firm}, ${t.news(x, a)}.`,
];

const escape = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/** $MM in words: `$12.5 million`, `$2.3 billion`. */
export function amountInWords(size: number): string {
  const [value, unit] = size >= 1000 ? [size / 1000, "billion"] : [size, "million"];
  return `$${Number(value.toFixed(1))} ${unit}`;
}

/** What the wording needs to know of a deal. */
export interface DealFacts {
  service: Service;
  company: string;
  /** The title of its first industry, and the words that name companies in it. */
  industry: string;
  industryWords: readonly string[];
  size: number | null;
  date: string;
}

/** A deal's counterparty and its announcement (HTML), with or without a link to the deal's page. */
export interface DealWording {
  counterparty: string;
  html: (dealPage: string | null) => string;
}

const MONTHS =
  "January February March April May June July August September October November December".split(
    " ",
  );

/**
 * Words a deal: `form` (a draw in [0, 1)) picks one of its service's templates; `random` draws
 * the counterparty, the opening and the closing sentence.
 */
export function wordDeal(random: Random, form: number, facts: DealFacts): DealWording {
  const client = `<strong>${escape(facts.company)}</strong>`;
  const amount = facts.size === null ? null : amountInWords(facts.size);
  const company = () =>
    `${random.pick(W.OTHER_COMPANY_FIRST)} ${random.pick(facts.industryWords)} ${random.pick(W.OTHER_COMPANY_SUFFIX)}`;
  let counterparty: string;
  let lead: string;
  if (facts.service === "Valuation & Fairness Opinions") {
    counterparty = company();
    const say = FAIRNESS[Math.floor(form * FAIRNESS.length)]!;
    lead = say(W.FIRM, client, `<em>${escape(counterparty)}</em>`);
  } else {
    const templates = TEMPLATES[facts.service];
    const template = templates[Math.floor(form * templates.length)]!;
    counterparty = {
      sponsor: () => random.pick(W.SPONSORS),
      lender: () => random.pick(W.LENDERS),
      company,
      // A buyer is as often a company in the same business as a sponsor or a conglomerate.
      buyer: () =>
        random.chance(0.5) ? company() : random.pick([...W.SPONSORS, ...W.CONGLOMERATES]),
    }[template.side]();
    lead = random.pick(OPENINGS)(
      W.FIRM,
      client,
      template,
      `<em>${escape(counterparty)}</em>`,
      amount,
    );
  }
  const industry = escape(facts.industry.toLowerCase());
  const [year, month] = facts.date.split("-").map(Number) as [number, number];
  const closers = [
    `The company serves customers across ${industry} &amp; adjacent markets.`,
    `The transaction closed in ${MONTHS[month - 1]} ${year}.`,
    facts.size === null
      ? "Terms of the transaction were not disclosed."
      : `The company is a leader in ${industry}.`,
  ];
  const closer = random.pick(closers);
  // A name that ends in a full stop ends its sentence too: "… Holdings Corp." and no second one.
  lead = lead.replace(/\.(<\/(?:em|strong)>)\./g, ".$1");
  return {
    counterparty,
    html: (dealPage) =>
      dealPage === null
        ? `<p>${lead} ${closer}</p>`
        : `<p>${lead} Read the <a href="${dealPage}">announcement</a>.</p>`,
  };
}
