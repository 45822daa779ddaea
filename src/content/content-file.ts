import { z } from "zod";
import { alertSchema } from "./alert.ts";
import { articleSchema } from "./article.ts";
import { officeSchema } from "./office.ts";
import { personSchema } from "./person.ts";
import { normaliseDateTime } from "../rules/date-time.ts";
import { dealUrlNames } from "../rules/deal-url-names.ts";
import { ROOT_PARENT_ID } from "../rules/taxonomies.ts";
import { sanitizeContentHtml } from "./sanitize.ts";
import { siteSchema } from "./site.ts";
import { flatTaxonSchema, hierarchyTaxonSchema } from "./taxon.ts";
import { taxonomySchema } from "./taxonomy.ts";
import { descriptionsSchema, transactionSchema } from "./transaction.ts";

const MAX_ROWS = 1_000_000;

const documentSchema = z
  .strictObject({
    taxonomies: z.array(taxonomySchema).max(1000),
    hierarchyTaxa: z.array(hierarchyTaxonSchema).max(100_000),
    flatTaxa: z.array(flatTaxonSchema).max(100_000),
    transactions: z.array(transactionSchema).max(MAX_ROWS),
    descriptions: descriptionsSchema,
    articles: z.array(articleSchema).max(MAX_ROWS),
    // The firm's people, offices and alerts; a file written before them has none.
    people: z.array(personSchema).max(5000, "more than 5000 people").default([]),
    offices: z.array(officeSchema).max(200, "more than 200 offices").default([]),
    alerts: z.array(alertSchema).max(1000, "more than 1000 alerts").default([]),
    site: siteSchema,
  })
  // Cross-references run even when some rows failed their own checks, so one run lists every problem.
  .superRefine(
    (doc, ctx) =>
      crossReferenceProblems(doc, (path, message) =>
        ctx.addIssue({ code: "custom", path, message }),
      ),
    {
      when: () => true,
    },
  );

type Report = (path: (string | number)[], message: string) => void;
type Row = Record<string, unknown>;

const rowsOf = (value: unknown): Row[] =>
  Array.isArray(value)
    ? value.map((r) => (typeof r === "object" && r !== null ? (r as Row) : {}))
    : [];
const text = (value: unknown) => (typeof value === "string" ? value.toLowerCase() : undefined);
const pair = (a?: string, b?: string) =>
  a !== undefined && b !== undefined ? `${a}/${b}` : undefined;
const idsOf = (value: unknown) => (Array.isArray(value) ? value.map(text) : []);

function crossReferenceProblems(input: unknown, problem: Report) {
  const doc = (typeof input === "object" && input !== null ? input : {}) as Row;
  const taxonomies = rowsOf(doc.taxonomies);
  const hierarchy = rowsOf(doc.hierarchyTaxa);
  const flat = rowsOf(doc.flatTaxa);
  const transactions = rowsOf(doc.transactions);
  const articles = rowsOf(doc.articles);
  const pages = rowsOf((doc.site as Row | undefined)?.pages);
  const people = rowsOf(doc.people);

  const taxonomyIds = unique(taxonomies, "taxonomies", (t) => text(t.Id), problem);
  const hierarchyIds = unique(hierarchy, "hierarchyTaxa", (t) => text(t.Id), problem);
  const flatIds = unique(flat, "flatTaxa", (t) => text(t.Id), problem);
  unique(transactions, "transactions", (t) => text(t.Id), problem);
  unique(transactions, "transactions", (t) => text(t.UrlName), problem, "UrlName");
  unique(articles, "articles", (a) => text(a.Id), problem);
  unique(articles, "articles", (a) => text(a.UrlName), problem, "UrlName");
  unique(flat, "flatTaxa", (t) => pair(text(t.TaxonomyId), text(t.UrlName)), problem, "UrlName");
  unique(pages, "site.pages", (p) => text(p.path), problem, "path");
  const personIds = unique(people, "people", (p) => text(p.Id), problem);
  unique(rowsOf(doc.offices), "offices", (o) => text(o.Id), problem);
  unique(rowsOf(doc.alerts), "alerts", (a) => text(a.Id), problem);
  personAddresses(people, problem);

  hierarchy.forEach((t, i) => {
    if (!taxonomyIds.has(text(t.TaxonomyId)))
      problem(["hierarchyTaxa", i, "TaxonomyId"], "no such taxonomy");
    const parent = text(t.ParentId);
    if (parent !== ROOT_PARENT_ID && !hierarchyIds.has(parent))
      problem(["hierarchyTaxa", i, "ParentId"], "no such parent taxon");
  });
  flat.forEach((t, i) => {
    if (!taxonomyIds.has(text(t.TaxonomyId)))
      problem(["flatTaxa", i, "TaxonomyId"], "no such taxonomy");
  });
  transactions.forEach((t, i) => {
    idsOf(t.industries).forEach((id, j) => {
      if (!hierarchyIds.has(id)) problem(["transactions", i, "industries", j], "no such industry");
    });
    idsOf(t.DealTeam).forEach((id, j) => {
      if (!personIds.has(id)) problem(["transactions", i, "DealTeam", j], "no such person");
    });
  });
  people.forEach((p, i) =>
    idsOf(p.Industries).forEach((id, j) => {
      if (!hierarchyIds.has(id)) problem(["people", i, "Industries", j], "no such industry");
    }),
  );
  articles.forEach((a, i) =>
    idsOf(a.Tags).forEach((id, j) => {
      if (!flatIds.has(id)) problem(["articles", i, "Tags", j], "no such tag");
    }),
  );
  checkParentCycles(hierarchy, problem);
}

function unique(
  rows: Row[],
  name: string,
  key: (row: Row) => string | undefined,
  problem: Report,
  field = "Id",
) {
  const seen = new Set<string | undefined>();
  rows.forEach((row, i) => {
    const k = key(row);
    if (k === undefined) return;
    if (seen.has(k)) problem([name, i, field], `duplicate ${field}`);
    seen.add(k);
  });
  return seen;
}

/** A profile's address, current or former, names one person only. */
function personAddresses(people: Row[], problem: Report) {
  const owner = new Map<string, number>();
  people.forEach((p, i) => {
    const current = text(p.UrlName);
    if (current !== undefined) {
      if (owner.has(current) && owner.get(current) !== i)
        problem(["people", i, "UrlName"], "duplicate UrlName");
      owner.set(current, i);
    }
  });
  people.forEach((p, i) =>
    (Array.isArray(p.PreviousUrlNames) ? p.PreviousUrlNames : []).forEach((name, j) => {
      const key = text(name);
      if (key === undefined) return;
      const holder = owner.get(key);
      if (holder !== undefined && holder !== i)
        problem(["people", i, "PreviousUrlNames", j], "another person's UrlName");
      else owner.set(key, i);
    }),
  );
}

function checkParentCycles(taxa: Row[], problem: Report) {
  const parent = new Map(taxa.map((t) => [text(t.Id), text(t.ParentId)]));
  taxa.forEach((t, i) => {
    let id = text(t.ParentId);
    for (let steps = 0; id && id !== ROOT_PARENT_ID; steps++) {
      if (id === text(t.Id) || steps > taxa.length) {
        problem(["hierarchyTaxa", i, "ParentId"], "parent chain loops");
        return;
      }
      id = parent.get(id);
    }
  });
}

type ParsedDocument = z.output<typeof documentSchema>;
type Stamped<T> = Omit<T, "LastModified"> & { LastModified: string };
type Named<T> = Omit<T, "UrlName"> & { UrlName: string };

/** A whole content file: validated, every HTML field sanitised, every item's LastModified set. */
export interface ContentFile {
  taxonomies: Stamped<ParsedDocument["taxonomies"][number]>[];
  hierarchyTaxa: Stamped<ParsedDocument["hierarchyTaxa"][number]>[];
  flatTaxa: Stamped<ParsedDocument["flatTaxa"][number]>[];
  transactions: Named<Stamped<ParsedDocument["transactions"][number]>>[];
  descriptions: ParsedDocument["descriptions"];
  articles: Stamped<ParsedDocument["articles"][number]>[];
  people: Stamped<ParsedDocument["people"][number]>[];
  offices: Stamped<ParsedDocument["offices"][number]>[];
  alerts: Stamped<ParsedDocument["alerts"][number]>[];
  site: ParsedDocument["site"];
}

/** One problem of a content file: where (`["transactions", 12, "Date"]`) and what. */
export interface ContentIssue {
  path: readonly PropertyKey[];
  message: string;
}

export type ParseResult =
  { ok: true; content: ContentFile } | { ok: false; problems: string[]; issues: ContentIssue[] };

/**
 * Validates a parsed JSON document; on failure lists every problem with its path. Items without
 * a LastModified get `now` (the import's time), as Sitefinity stamps an item when it is saved;
 * deals without a UrlName get one from the client's name (src/rules/deal-url-names.ts).
 */
export function parseContentFile(input: unknown, now = new Date()): ParseResult {
  const result = documentSchema.safeParse(input);
  if (!result.success) {
    const issues = result.error.issues.map(({ path, message }) => ({ path, message }));
    return {
      ok: false,
      problems: issues.map((issue) => `${formatPath(issue.path)}: ${issue.message}`),
      issues,
    };
  }
  return { ok: true, content: sanitizeContent(stamp(result.data, now)) };
}

function stamp(doc: ParsedDocument, now: Date): ContentFile {
  const time = normaliseDateTime(now.toISOString()) as string;
  const stamped = <T extends { LastModified?: string }>(items: T[]) =>
    items.map((item) => ({ ...item, LastModified: item.LastModified ?? time }));
  const urlNames = dealUrlNames(doc.transactions);
  return {
    ...doc,
    taxonomies: stamped(doc.taxonomies),
    hierarchyTaxa: stamped(doc.hierarchyTaxa),
    flatTaxa: stamped(doc.flatTaxa),
    transactions: stamped(doc.transactions).map((t, i) => ({ ...t, UrlName: urlNames[i]! })),
    articles: stamped(doc.articles),
    people: stamped(doc.people),
    offices: stamped(doc.offices),
    alerts: stamped(doc.alerts),
  };
}

function sanitizeContent(doc: ContentFile): ContentFile {
  return {
    ...doc,
    site: {
      ...doc.site,
      pages: doc.site.pages.map((p) => ({ ...p, content: sanitizeContentHtml(p.content) })),
    },
    descriptions: Object.fromEntries(
      Object.entries(doc.descriptions).map(([key, html]) => [key, sanitizeContentHtml(html)]),
    ),
    articles: doc.articles.map((a) => ({
      ...a,
      Summary: sanitizeContentHtml(a.Summary),
      Content: sanitizeContentHtml(a.Content),
    })),
    people: doc.people.map((p) => ({ ...p, Biography: sanitizeContentHtml(p.Biography) })),
  };
}

/** `["transactions", 12, "Date"]` -> `transactions[12].Date` */
export function formatPath(path: readonly PropertyKey[]): string {
  if (path.length === 0) return "(file)";
  return path
    .map((part, i) =>
      typeof part === "number" ? `[${part}]` : i === 0 ? String(part) : `.${String(part)}`,
    )
    .join("");
}
