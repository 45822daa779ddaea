import type { ContentFile } from "../../content/content-file.ts";
import type { Article } from "../../content/article.ts";
import type { FlatTaxon, HierarchyTaxon } from "../../content/taxon.ts";
import type { Transaction } from "../../content/transaction.ts";
import { normaliseDateTime } from "../../rules/date-time.ts";
import { dealUrlNames } from "../../rules/deal-url-names.ts";
import { dealPath } from "../../rules/site-paths.ts";
import {
  INDUSTRIES_TAXONOMY_NAME,
  ROOT_PARENT_ID,
  TAGS_TAXONOMY_NAME,
} from "../../rules/taxonomies.ts";
import { dealSize } from "./deal-sizes.ts";
import { serviceAt, wordDeal } from "./deal-wording.ts";
import { createRandom, type Random } from "./random.ts";
import { slug } from "./ids.ts";
import { DEMO_PEOPLE } from "./people.ts";
import { DEMO_ALERTS, DEMO_OFFICES, demoSite } from "./site.ts";
import { dealTeams } from "./teams.ts";
import * as W from "./words.ts";

/** The demo's Tags taxonomy: Sitefinity's built-in one has this Id on every site. */
export const TAGS_TAXONOMY_ID = "cb0f3a19-a211-48a7-88ec-77495c0f5374";
/** The demo's industries taxonomy. */
export const INDUSTRIES_TAXONOMY_ID = "e5cd6d69-1543-427b-ad62-688a99f5e7d4";
/** When the demo's editors last changed a taxonomy or a taxon. */
const TAXONOMY_EDITED = "2026-11-02T09:30:00Z";

export interface GenerateOptions {
  transactions?: number;
  articles?: number;
  seed?: number;
}

/** The demo content: the same options give the same document, byte for byte. */
export function generateContent({
  transactions = 420,
  articles = 160,
  seed = 1,
}: GenerateOptions = {}): ContentFile {
  const random = createRandom(seed);
  // The deals' wording (counterparties, openings, closing sentences) draws on a stream of its own,
  // so that wording them differently changes no other fact of the demo.
  const wording = createRandom(seed ^ 0x5bd1e995);
  const hierarchyTaxa = industries(random);
  const flatTaxa = topics(random);
  const txs: { row: Demo<Transaction>; html: (dealPage: string) => string }[] = [];
  for (let i = 0; i < transactions; i++) {
    // Every fifth deal closes on the same day as the one before, so a date search can find several.
    const sameDayAs = i % 5 === 4 ? txs[i - 1]?.row.Date : undefined;
    txs.push(transaction(random, wording, i, hierarchyTaxa, sameDayAs));
  }
  // Deals get their pages' addresses by the rule an import applies to a file without them.
  const urlNames = dealUrlNames(txs.map((t) => t.row));
  const groupIds = new Map(hierarchyTaxa.map((t) => [t.UrlName, t.Id]));
  const people = DEMO_PEOPLE.map(({ groups, ...p }) => ({
    ...p,
    Industries: groups.flatMap((g) => groupIds.get(g) ?? []),
  }));
  // Teams draw on a stream of their own too, so that they change no other fact of the demo.
  const teams = dealTeams(
    createRandom(seed ^ 0x27d4eb2f),
    txs.map((t) => t.row),
    hierarchyTaxa,
    people,
  );
  return {
    taxonomies: [
      {
        Id: TAGS_TAXONOMY_ID,
        Name: TAGS_TAXONOMY_NAME,
        Title: "Tags",
        TaxaUrl: "flat-taxa",
        TaxonName: "Tag",
        Type: 0,
        LastModified: TAXONOMY_EDITED,
      },
      {
        Id: INDUSTRIES_TAXONOMY_ID,
        Name: INDUSTRIES_TAXONOMY_NAME,
        Title: "Industries",
        TaxaUrl: "hierarchy-taxa",
        TaxonName: "Industry",
        Type: 1,
        LastModified: TAXONOMY_EDITED,
      },
    ],
    hierarchyTaxa,
    flatTaxa,
    transactions: txs.map((t, i) => ({
      ...t.row,
      UrlName: urlNames[i]!,
      ...(teams[i]!.length > 0 ? { DealTeam: teams[i]! } : {}),
    })),
    descriptions: Object.fromEntries(
      txs.map((t, i) => [t.row.Description, t.html(dealPath(urlNames[i]!))]),
    ),
    articles: Array.from({ length: articles }, (_, i) => article(random, i, flatTaxa)),
    people,
    offices: DEMO_OFFICES,
    alerts: DEMO_ALERTS,
    site: demoSite(flatTaxa, hierarchyTaxa),
  };
}

/** A content item as the demo writes it: with its LastModified. */
type Demo<T> = T & { LastModified: string };

/** A time as the content file writes it (milliseconds kept, trailing zeros dropped). */
const at = (ms: number) => normaliseDateTime(new Date(ms).toISOString()) as string;

function industries(random: Random): Demo<HierarchyTaxon>[] {
  let ordinal = 0;
  return W.INDUSTRY_TREE.flatMap(([group, children]) => {
    const parent = taxon(random, group, INDUSTRIES_TAXONOMY_ID, ordinal++);
    const top: Demo<HierarchyTaxon> = { ...parent, ParentId: ROOT_PARENT_ID };
    return [
      top,
      ...children.map((child) => ({
        ...taxon(random, child, INDUSTRIES_TAXONOMY_ID, ordinal++),
        ParentId: top.Id,
      })),
    ];
  });
}

function topics(random: Random): Demo<FlatTaxon>[] {
  return W.TOPICS.map((title, i) => taxon(random, title, TAGS_TAXONOMY_ID, i));
}

function taxon(
  random: Random,
  title: string,
  taxonomyId: string,
  ordinal: number,
): Demo<FlatTaxon> {
  return {
    Id: random.guid(),
    LastModified: TAXONOMY_EDITED,
    Title: title,
    Name: title,
    UrlName: slug(title),
    Description: "",
    Synonyms: "",
    Ordinal: ordinal,
    TaxonomyId: taxonomyId,
  };
}

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
const FIRST_DAY = Date.UTC(2008, 0, 1);
const LAST_DAY = Date.UTC(2026, 9, 31);

/** The item a uniform draw in [0, 1) falls on. */
const itemAt = <T>(items: readonly T[], draw: number) => items[Math.floor(draw * items.length)]!;

function transaction(
  random: Random,
  wording: Random,
  i: number,
  taxa: HierarchyTaxon[],
  sameDayAs: string | undefined,
): { row: Demo<Transaction>; html: (dealPage: string) => string } {
  // The name is drawn first but worded once the industry is known, whose words it takes. Every
  // later fact of the demo (dates, sizes, industries, articles) follows from the order of draws
  // on `random`, and the judged search queries and the tests rely on them.
  const nameDraws = [random.next(), random.next(), random.next()] as const;
  const day = FIRST_DAY + random.int(0, (LAST_DAY - FIRST_DAY) / DAY_MS) * DAY_MS;
  // About one in five undisclosed: 12% here, and 9% of the rest in dealSize. The two draws are
  // the ones sizes have always taken, so no other fact of the demo moved when sizes changed.
  const size = random.chance(0.12) ? null : dealSize(random.next());
  const top = taxa.filter((t) => t.ParentId === ROOT_PARENT_ID);
  const group = top[i % top.length] as HierarchyTaxon;
  const children = taxa.filter((t) => t.ParentId === group.Id);
  const first = random.chance(0.3) && children.length > 0 ? random.pick(children) : group;
  const second = random.chance(0.25) ? [random.pick(top).Id] : [];
  const industryWords = W.NAME_WORDS[first.Title] ?? [];
  const company = [W.COMPANY_FIRST, industryWords, W.COMPANY_SUFFIX]
    .map((words, n) => itemAt(words, nameDraws[n]!))
    .join(" ");
  const service = serviceAt(random.next());
  const form = random.next();
  // An announcement links to the deal's own page, never to a site of someone else's.
  const isLinked = random.chance(0.3);
  const date = sameDayAs ?? at(day);
  const { counterparty, html } = wordDeal(wording, form, {
    service,
    company,
    industry: first.Title,
    industryWords,
    size,
    date,
  });
  const key = `txn-${String(i + 1).padStart(5, "0")}`;
  return {
    row: {
      Id: random.guid(),
      // Entered a few days after the close, at a time of day that varies with the deal.
      LastModified: at(Date.parse(date) + 3 * DAY_MS + 9 * HOUR_MS + i * 61_007),
      Date: date,
      Company: company,
      Size: size,
      Description: key,
      Counterparty: counterparty,
      Service: service,
      industries: [first.Id, ...second.filter((id) => id !== first.Id)],
    },
    html: (dealPage) => html(isLinked ? dealPage : null),
  };
}

function article(random: Random, i: number, tags: FlatTaxon[]): Demo<Article> {
  const topic = random.pick(tags);
  const closer = random.pick(W.ARTICLE_CLOSERS);
  const title = `${random.pick(W.ARTICLE_OPENERS)} ${topic.Title}${closer ? ` ${closer}` : ""}`;
  const paragraphs = Array.from({ length: random.int(3, 6) }, () =>
    Array.from({ length: random.int(2, 4) }, () => random.pick(W.SENTENCES)).join(" "),
  );
  const extra = Array.from({ length: random.int(0, 3) }, () => random.pick(tags).Id);
  const date = LAST_DAY - random.int(0, 7 * 365) * DAY_MS;
  return {
    Id: random.guid(),
    LastModified: at(date + 2 * HOUR_MS + i * 7_919),
    Title: title,
    UrlName: `${slug(title)}-${i + 1}`,
    PublicationDate: at(date),
    Summary: `<p>${paragraphs[0]}</p>`,
    Content: paragraphs
      .map((p, n) => (n === 2 ? `<h2>Key considerations</h2><p>${p}</p>` : `<p>${p}</p>`))
      .join(""),
    Tags: [...new Set([topic.Id, ...extra])],
  };
}
