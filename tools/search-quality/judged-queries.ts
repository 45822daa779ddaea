// The judged query set of the site search: what visitors type, with what they would
// want back, graded, written against the demo content (generateContent() defaults). Documents
// are `kind:ref` (`deal:keystone-home-co`, `page:/about/contact`).
//
// Grades: 3 the thing itself (the deal of that client, the topic, article or page of that
// title); 2 clearly about it (a deal with that buyer or in that industry, an article whose title
// or topics name it); 1 mentions it in passing; 0 (unlisted) not what was asked for.
// A navigational query has one right answer, graded 3: it must come first.
// Broad grades are stated as rules over the content ("every deal whose client begins with
// Keystone"), so a judgement reads as the person who wrote it meant it.
import { generateContent } from "../../src/db/demo/generate.ts";
import { htmlToText } from "../../src/rules/html-text.ts";

export interface JudgedQuery {
  readonly query: string;
  /** What the query tests: client, buyer, typo, prefix, accent, topic, industry, title, phrase, page, nothing. */
  readonly about: string;
  readonly isNavigational: boolean;
  readonly grades: Readonly<Record<string, number>>;
}

const content = generateContent();
const { transactions, articles, flatTaxa, hierarchyTaxa, descriptions, site } = content;
const newestFirst = [...transactions].sort((a, b) => b.Date.localeCompare(a.Date));
const text = (html: string | undefined) => htmlToText(html ?? "").toLowerCase();

type Grades = Record<string, number>;
type Deal = (typeof transactions)[number];
type Article = (typeof articles)[number];

/** The deal of a client named exactly so (one only, or the judged set is wrong). */
function dealOf(company: string): string {
  const found = transactions.filter((t) => t.Company === company);
  if (found.length !== 1) throw new Error(`judged set: ${found.length} deals of ${company}`);
  return `deal:${found[0]!.UrlName}`;
}
function topicOf(title: string): string {
  const found = flatTaxa.find((t) => t.Title === title);
  if (!found) throw new Error(`judged set: no topic ${title}`);
  return `topic:${found.UrlName}`;
}
function articleOf(title: string): string {
  const found = articles.filter((a) => a.Title === title);
  if (found.length !== 1) throw new Error(`judged set: ${found.length} articles titled ${title}`);
  return `article:${found[0]!.UrlName}`;
}
function pageOf(title: string): string {
  const found = site.pages.find((p) => p.title === title);
  if (!found) throw new Error(`judged set: no page ${title}`);
  return `page:${found.path}`;
}
const deals = (grade: number, which: (d: Deal) => boolean): Grades =>
  Object.fromEntries(transactions.filter(which).map((d) => [`deal:${d.UrlName}`, grade]));
const articlesWhere = (grade: number, which: (a: Article) => boolean): Grades =>
  Object.fromEntries(articles.filter(which).map((a) => [`article:${a.UrlName}`, grade]));
const clientBegins = (word: string) => (d: Deal) => d.Company.startsWith(`${word} `);
const buyerIs = (buyer: string) => (d: Deal) =>
  text(descriptions[d.Description]).includes(buyer.toLowerCase());
const titleHolds = (words: string) => (a: Article) => a.Title.toLowerCase().includes(words);
const bodyHolds = (words: string) => (a: Article) =>
  text(`${a.Summary} ${a.Content}`).includes(words);
const taggedWith = (title: string) => {
  const id = flatTaxa.find((t) => t.Title === title)?.Id;
  return (a: Article) => a.Tags.includes(id ?? "");
};
function inIndustry(title: string) {
  const taxon = hierarchyTaxa.find((t) => t.Title === title);
  if (!taxon) throw new Error(`judged set: no industry ${title}`);
  return (d: Deal) => {
    const first = hierarchyTaxa.find((t) => t.Id === d.industries[0]);
    return first?.Id === taxon.Id || first?.ParentId === taxon.Id;
  };
}
/** Later arguments win: a broad rule first, then the thing itself. */
const merge = (...parts: Grades[]): Grades => Object.assign({}, ...parts);
const newestOf = (which: (d: Deal) => boolean) => `deal:${newestFirst.find(which)!.UrlName}`;

/** A query whose one right answer is `target` (3); `more` grades what else is welcome. */
const nav = (about: string, query: string, target: string, ...more: Grades[]): JudgedQuery => ({
  query,
  about,
  isNavigational: true,
  grades: merge(...more, { [target]: 3 }),
});
const broad = (about: string, query: string, ...grades: Grades[]): JudgedQuery => ({
  query,
  about,
  isNavigational: false,
  grades: merge(...grades),
});
const nothing = (query: string): JudgedQuery => broad("nothing", query);

const keystone = clientBegins("Keystone");
const lindqvist = buyerIs("Lindqvist Capital");

export const JUDGED_QUERIES: readonly JudgedQuery[] = [
  // Clients, by full name and by first word (the newest deal of that client leads).
  nav("client", "Keystone Home Co.", dealOf("Keystone Home Co."), deals(1, keystone)),
  nav(
    "client",
    "fairhaven foods group",
    dealOf("Fairhaven Foods Group"),
    deals(1, clientBegins("Fairhaven")),
  ),
  nav("client", "Delta Digital Holdings", dealOf("Delta Digital Holdings")),
  nav("client", "zephyr wind holdings", dealOf("Zephyr Wind Holdings")),
  nav("client", "Juniper Aerospace LLC", dealOf("Juniper Aerospace LLC")),
  nav("client", "cobalt sensors co", dealOf("Cobalt Sensors Co.")),
  nav("client", "Meridian Petroleum Holdings", dealOf("Meridian Petroleum Holdings")),
  nav("client", "Redwood Goods Group", dealOf("Redwood Goods Group")),
  nav("client", "summit solar inc.", dealOf("Summit Solar Inc.")),
  broad("client", "keystone", deals(2, keystone), { [newestOf(keystone)]: 3 }),
  broad("client", "zephyr", deals(2, clientBegins("Zephyr")), {
    [newestOf(clientBegins("Zephyr"))]: 3,
  }),
  broad("client", "harbor", deals(2, clientBegins("Harbor"))),
  broad(
    "client",
    "keystone 2026",
    deals(1, keystone),
    deals(2, (d) => keystone(d) && d.Date.startsWith("2026")),
  ),
  // Buyers, named in the deals' descriptions.
  broad("buyer", "lindqvist", deals(2, lindqvist), { [newestOf(lindqvist)]: 3 }),
  broad("buyer", "Lindqvist Capital", deals(2, lindqvist), { [newestOf(lindqvist)]: 3 }),
  broad("buyer", "Calder & Rowe", deals(2, buyerIs("Calder & Rowe"))),
  broad("buyer", "arbor lane partners", deals(2, buyerIs("Arbor Lane Partners"))),
  broad("buyer", "stonebridge", deals(2, buyerIs("Stonebridge Industries"))),
  broad(
    "buyer",
    "keystone lindqvist",
    deals(3, (d) => keystone(d) && lindqvist(d)),
  ),
  // Typos: one from five letters, two from nine.
  nav("typo", "Keystne Home", dealOf("Keystone Home Co."), deals(1, keystone)),
  nav("typo", "fairhavn foods group", dealOf("Fairhaven Foods Group")),
  nav("typo", "Juniper Aerospce LLC", dealOf("Juniper Aerospace LLC")),
  broad("typo", "habror", deals(2, clientBegins("Harbor"))),
  broad("typo", "lindqvsit", deals(2, lindqvist), { [newestOf(lindqvist)]: 3 }),
  nav(
    "typo",
    "acqusition finance",
    topicOf("Acquisition Finance"),
    articlesWhere(2, titleHolds("acquisition finance")),
  ),
  nav(
    "typo",
    "privat equity",
    topicOf("Private Equity"),
    articlesWhere(2, titleHolds("private equity")),
  ),
  nav("typo", "earnots", topicOf("Earnouts"), articlesWhere(2, titleHolds("earnouts"))),
  nav(
    "typo",
    "cybersecurty",
    topicOf("Cybersecurity"),
    articlesWhere(2, titleHolds("cybersecurity")),
    deals(1, inIndustry("Cybersecurity")),
  ),
  broad(
    "typo",
    "restructurng",
    { [topicOf("Restructuring")]: 3, [pageOf("Restructuring")]: 3 },
    articlesWhere(2, titleHolds("restructuring")),
  ),
  broad(
    "typo",
    "valuaton",
    { [topicOf("Valuation")]: 3, [pageOf("Valuation & Fairness Opinions")]: 2 },
    articlesWhere(2, titleHolds("valuation")),
  ),
  // Prefixes, as typed.
  nav(
    "prefix",
    "recapitaliz",
    topicOf("Recapitalizations"),
    articlesWhere(2, titleHolds("recapitalizations")),
  ),
  broad("prefix", "keyst", deals(2, keystone), { [newestOf(keystone)]: 3 }),
  nav("prefix", "divest", topicOf("Divestitures"), articlesWhere(2, titleHolds("divestitures"))),
  nav("prefix", "nearsh", topicOf("Nearshoring"), articlesWhere(2, titleHolds("nearshoring"))),
  nav(
    "prefix",
    "succession plan",
    topicOf("Succession Planning"),
    articlesWhere(2, titleHolds("succession planning")),
  ),
  nav(
    "prefix",
    "wealth manag",
    topicOf("Wealth Management"),
    articlesWhere(2, titleHolds("wealth management")),
    deals(1, inIndustry("Wealth Management")),
  ),
  nav(
    "prefix",
    "Fairness Opin",
    topicOf("Fairness Opinions"),
    { [pageOf("Valuation & Fairness Opinions")]: 2 },
    articlesWhere(2, titleHolds("fairness opinions")),
  ),
  // Accents folded both ways.
  nav(
    "accent",
    "economie circulaire",
    topicOf("Économie Circulaire"),
    articlesWhere(2, taggedWith("Économie Circulaire")),
  ),
  nav(
    "accent",
    "économie",
    topicOf("Économie Circulaire"),
    articlesWhere(2, taggedWith("Économie Circulaire")),
  ),
  nav(
    "accent",
    "ECONOMIE CIRCULAIRE",
    topicOf("Économie Circulaire"),
    articlesWhere(2, taggedWith("Économie Circulaire")),
  ),
  nav(
    "accent",
    "Économie circ",
    topicOf("Économie Circulaire"),
    articlesWhere(2, taggedWith("Économie Circulaire")),
  ),
  // Topics and industries.
  broad(
    "industry",
    "aerospace",
    { [topicOf("Aerospace Supply Chains")]: 3 },
    deals(2, inIndustry("Aerospace & Defense")),
    articlesWhere(2, titleHolds("aerospace")),
  ),
  nav(
    "topic",
    "healthcare it",
    topicOf("Healthcare IT"),
    deals(2, inIndustry("Healthcare IT")),
    articlesWhere(2, titleHolds("healthcare it")),
  ),
  nav(
    "industry",
    "oilfield services",
    topicOf("Oilfield Services"),
    deals(2, inIndustry("Oilfield Services")),
    articlesWhere(2, titleHolds("oilfield services")),
  ),
  nav(
    "industry",
    "insurance brokerage",
    topicOf("Insurance Brokerage"),
    deals(2, inIndustry("Insurance Brokerage")),
    articlesWhere(2, titleHolds("insurance brokerage")),
  ),
  nav(
    "topic",
    "private equity",
    topicOf("Private Equity"),
    articlesWhere(2, titleHolds("private equity")),
    articlesWhere(1, bodyHolds("private equity")),
  ),
  nav(
    "topic",
    "cross-border m&a",
    topicOf("Cross-Border M&A"),
    articlesWhere(2, titleHolds("cross-border m&a")),
  ),
  nav(
    "topic",
    "2026 outlook",
    topicOf("2026 Outlook"),
    articlesWhere(2, titleHolds("2026 outlook")),
  ),
  nav(
    "topic",
    "letters of intent",
    topicOf("Letters of Intent"),
    articlesWhere(2, titleHolds("letters of intent")),
  ),
  nav(
    "topic",
    "Buy-and-Build",
    topicOf("Buy-and-Build"),
    articlesWhere(2, titleHolds("buy-and-build")),
  ),
  broad("industry", "renewables", deals(3, inIndustry("Renewables")), {
    [topicOf("Renewable Energy")]: 2,
  }),
  broad(
    "industry",
    "transportation logistics",
    deals(2, inIndustry("Transportation & Logistics")),
    { [topicOf("Logistics")]: 1 },
  ),
  // Articles by title, and phrases from their text.
  nav("title", "Five Lessons on Recapitalizations", articleOf("Five Lessons on Recapitalizations")),
  nav(
    "title",
    "Preparing for Operational Due Diligence This Year",
    articleOf("Preparing for Operational Due Diligence This Year"),
  ),
  nav(
    "title",
    "how buyers approach deal structuring in the middle market",
    articleOf("How Buyers Approach Deal Structuring in the Middle Market"),
  ),
  nav(
    "title",
    "The State of Family Businesses in a Higher-Rate World",
    articleOf("The State of Family Businesses in a Higher-Rate World"),
  ),
  nav(
    "title",
    "trends in market outlook for founder-led companies",
    articleOf("Trends in Market Outlook for Founder-Led Companies"),
  ),
  broad(
    "phrase",
    "quality of earnings report",
    articlesWhere(2, bodyHolds("quality of earnings report")),
  ),
  broad("phrase", "recurring revenue", articlesWhere(2, bodyHolds("recurring revenue"))),
  broad(
    "phrase",
    "customer concentration and pricing power",
    articlesWhere(2, bodyHolds("customer concentration and pricing power")),
  ),
  // The plain pages.
  nav("page", "contact", pageOf("Contact")),
  nav("page", "leadership", pageOf("Leadership")),
  nav("page", "careers", pageOf("Careers")),
  nav("page", "capital raising", pageOf("Capital Raising")),
  nav("page", "our firm", pageOf("Our Firm")),
  broad(
    "page",
    "sell-side advisory",
    { [pageOf("Sell-Side Advisory")]: 3, [topicOf("Sell-Side Advisory")]: 3 },
    articlesWhere(2, titleHolds("sell-side advisory")),
  ),
  // What the site does not have: nothing is the right answer.
  nothing("blockchain"),
  nothing("zzqxv"),
  nothing("cryptocurrency mining"),
  nothing("pizza delivery"),
  nothing("quantum computing"),
];
