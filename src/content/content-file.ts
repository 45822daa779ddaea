import { z } from "zod";
import { articleSchema } from "./article.ts";
import { ROOT_PARENT_ID } from "./common.ts";
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
    site: siteSchema,
  })
  .superRefine((doc, ctx) => {
    const problem = (path: (string | number)[], message: string) =>
      ctx.addIssue({ code: "custom", path, message });
    const taxonomyIds = unique(doc.taxonomies, "taxonomies", (t) => t.Id, problem);
    const hierarchyIds = unique(doc.hierarchyTaxa, "hierarchyTaxa", (t) => t.Id, problem);
    const flatIds = unique(doc.flatTaxa, "flatTaxa", (t) => t.Id, problem);
    unique(doc.transactions, "transactions", (t) => t.Id, problem);
    unique(doc.articles, "articles", (a) => a.Id, problem);
    unique(doc.articles, "articles", (a) => a.UrlName.toLowerCase(), problem, "UrlName");
    unique(doc.flatTaxa, "flatTaxa", (t) => `${t.TaxonomyId}/${t.UrlName.toLowerCase()}`, problem, "UrlName");
    doc.hierarchyTaxa.forEach((t, i) => {
      if (!taxonomyIds.has(t.TaxonomyId)) problem(["hierarchyTaxa", i, "TaxonomyId"], "no such taxonomy");
      if (t.ParentId !== ROOT_PARENT_ID && !hierarchyIds.has(t.ParentId)) {
        problem(["hierarchyTaxa", i, "ParentId"], "no such parent taxon");
      }
    });
    doc.flatTaxa.forEach((t, i) => {
      if (!taxonomyIds.has(t.TaxonomyId)) problem(["flatTaxa", i, "TaxonomyId"], "no such taxonomy");
    });
    doc.transactions.forEach((t, i) =>
      t.industries.forEach((id, j) => {
        if (!hierarchyIds.has(id)) problem(["transactions", i, "industries", j], "no such industry");
      }),
    );
    doc.articles.forEach((a, i) =>
      a.Tags.forEach((id, j) => {
        if (!flatIds.has(id)) problem(["articles", i, "Tags", j], "no such tag");
      }),
    );
    checkParentCycles(doc.hierarchyTaxa, problem);
  });

function unique<T>(
  rows: T[],
  name: string,
  key: (row: T) => string,
  problem: (path: (string | number)[], message: string) => void,
  field = "Id",
): Set<string> {
  const seen = new Set<string>();
  rows.forEach((row, i) => {
    const k = key(row);
    if (seen.has(k)) problem([name, i, field], `duplicate ${field}`);
    seen.add(k);
  });
  return seen;
}

function checkParentCycles(
  taxa: { Id: string; ParentId: string }[],
  problem: (path: (string | number)[], message: string) => void,
) {
  const parent = new Map(taxa.map((t) => [t.Id, t.ParentId]));
  taxa.forEach((t, i) => {
    let id: string | undefined = t.ParentId;
    for (let steps = 0; id && id !== ROOT_PARENT_ID; steps++) {
      if (id === t.Id || steps > taxa.length) {
        problem(["hierarchyTaxa", i, "ParentId"], "parent chain loops");
        return;
      }
      id = parent.get(id);
    }
  });
}

/** A whole content file, validated and with every HTML field sanitised. */
export type ContentFile = z.output<typeof documentSchema>;

export type ParseResult = { ok: true; content: ContentFile } | { ok: false; problems: string[] };

/** Validates a parsed JSON document; on failure lists every problem with its path. */
export function parseContentFile(input: unknown): ParseResult {
  const result = documentSchema.safeParse(input);
  if (!result.success) {
    return { ok: false, problems: result.error.issues.map((issue) => `${formatPath(issue.path)}: ${issue.message}`) };
  }
  return { ok: true, content: sanitizeContent(result.data) };
}

function sanitizeContent(doc: ContentFile): ContentFile {
  return {
    ...doc,
    descriptions: Object.fromEntries(
      Object.entries(doc.descriptions).map(([key, html]) => [key, sanitizeContentHtml(html)]),
    ),
    articles: doc.articles.map((a) => ({
      ...a,
      Summary: sanitizeContentHtml(a.Summary),
      Content: sanitizeContentHtml(a.Content),
    })),
  };
}

/** `["transactions", 12, "Date"]` -> `transactions[12].Date` */
export function formatPath(path: readonly PropertyKey[]): string {
  if (path.length === 0) return "(file)";
  return path
    .map((part, i) => (typeof part === "number" ? `[${part}]` : i === 0 ? String(part) : `.${String(part)}`))
    .join("");
}
