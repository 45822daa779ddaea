// The search cases of tests/e2e/site-search-kinds.spec.ts as checks on any searcher over the demo
// content, so that a library under trial (bench/search-library.ts) meets what the site promises.
import { generateContent } from "../src/db/demo/generate.ts";
import type { Searcher } from "../tools/search-quality/evaluate.ts";

type Hit = { kind: string; ref: string };
type Candidate = Searcher & { suggest(text: string): Promise<Hit[]> };

export interface LibraryCase {
  readonly name: string;
  holds(c: Candidate): Promise<boolean>;
}

const { transactions, descriptions, flatTaxa } = generateContent();
const newestFirst = transactions.toSorted((a, b) => b.Date.localeCompare(a.Date));
const deal = (company: string) =>
  `deal:${transactions.find((t) => t.Company === company)!.UrlName}`;
const topic = (title: string) => `topic:${flatTaxa.find((t) => t.Title === title)!.UrlName}`;
const key = (h: Hit | undefined) => (h ? `${h.kind}:${h.ref}` : "");

const ALL = 100_000;
const first = async (c: Candidate, q: string) => key((await c.search(q, { limit: 1 })).hits[0]);
const all = async (c: Candidate, q: string) => (await c.search(q, { limit: ALL })).hits;
const firstIs = (q: string, want: string): LibraryCase => ({
  name: `${q} → ${want}`,
  holds: async (c) => (await first(c, q)) === want,
});

const lindqvist = newestFirst.find((t) => descriptions[t.Description]?.includes("Lindqvist"))!;

export const LIBRARY_CASES: readonly LibraryCase[] = [
  firstIs("keystone", `deal:${newestFirst[0]!.UrlName}`),
  firstIs("lindqvist", `deal:${lindqvist.UrlName}`),
  firstIs("acqusition", topic("Acquisition Finance")),
  {
    name: "acqusition finds as many as acquisition",
    holds: async (c) =>
      (await all(c, "acqusition")).length === (await all(c, "acquisition")).length,
  },
  firstIs("keystnoe", deal("Keystone Home Co.")),
  firstIs("recapitaliz", topic("Recapitalizations")),
  firstIs("economie", topic("Économie Circulaire")),
  firstIs("économie", topic("Économie Circulaire")),
  firstIs("aerospace", topic("Aerospace Supply Chains")),
  {
    name: "aerospace finds more than 24 deals",
    holds: async (c) => (await all(c, "aerospace")).filter((h) => h.kind === "deal").length > 24,
  },
  {
    name: "aerospcae finds as many as aerospace",
    holds: async (c) => (await all(c, "aerospcae")).length === (await all(c, "aerospace")).length,
  },
  firstIs("keystone dermatology", deal("Keystone Dermatology Group")),
  {
    name: "suggest keys → Keystone Home Co.",
    holds: async (c) => key((await c.suggest("keys"))[0]) === deal("Keystone Home Co."),
  },
  {
    name: "suggest private eq → Private Equity",
    holds: async (c) => key((await c.suggest("private eq"))[0]) === topic("Private Equity"),
  },
];
