import { sql, type Kysely } from "kysely";
import type { Site } from "../../content/site.ts";
import { htmlToText } from "../../rules/html-text.ts";
import { INDUSTRIES_PATH, industryPath } from "../../rules/site-paths.ts";
import { createGroupResolver } from "../../rules/industry-groups.ts";
import { buildSearchIndex, type SearchSource } from "../../search/build-index.ts";
import { findTaxonomy, TAGS_TAXONOMY_NAME } from "../../rules/taxonomies.ts";
import type { Database } from "../schema.ts";
import { DEAL_SUMMARY, dealsWithDescriptions } from "./deal-rows.ts";

/**
 * The version of the index rules (words, weights, fields). Raise it when they change: every
 * database then rebuilds its index at the next start (ensureSearchIndex), not only at an import.
 */
export const SEARCH_INDEX_VERSION = 3;

/** Rows per insert: words carry their postings, so fewer of them go at once. */
const BATCH = { search_documents: 400, search_words: 100 } as const;

/** Rebuilds the whole search index from the stored content (inside the caller's transaction). */
export async function rebuildSearchIndex(k: Kysely<Database>): Promise<void> {
  const { documents, words } = buildSearchIndex(await readSearchSources(k));
  for (const table of ["search_words", "search_documents"] as const)
    await k.deleteFrom(table).execute();
  for (const [table, rows] of [
    ["search_documents", documents],
    ["search_words", words],
  ] as const) {
    const size = BATCH[table];
    for (let i = 0; i < rows.length; i += size) {
      await k
        .insertInto(table)
        .values(rows.slice(i, i + size) as never)
        .execute();
    }
  }
  await k.deleteFrom("search_meta").execute();
  await k.insertInto("search_meta").values({ Id: 1, Version: SEARCH_INDEX_VERSION }).execute();
}

/** The version that built the stored index; 0 when none did. */
export async function storedSearchIndexVersion(k: Kysely<Database>): Promise<number> {
  const row = await k.selectFrom("search_meta").select("Version").executeTakeFirst();
  return row?.Version ?? 0;
}

/** Everything a visitor can search for, read from the content tables. */
export async function readSearchSources(k: Kysely<Database>): Promise<SearchSource[]> {
  const [deals, firstIndustries, industries, taxonomies, flat, articles, tags, site] =
    await Promise.all([
      dealsWithDescriptions(k)
        .select([...DEAL_SUMMARY, "transactions.Counterparty", "descriptions.Html"])
        .orderBy("transactions.Position")
        .execute(),
      k
        .selectFrom("transaction_industries")
        .select(["TransactionId", "TaxonId"])
        .where("Position", "=", 0)
        .execute(),
      k
        .selectFrom("hierarchy_taxa")
        .select(["Id", "Title", "UrlName", "ParentId", "Ordinal"])
        .execute(),
      k.selectFrom("taxonomies").select(["Id", "Name"]).execute(),
      k
        .selectFrom("flat_taxa")
        .select(["Id", "Title", "UrlName", "Synonyms", "Description", "TaxonomyId"])
        .orderBy("Position")
        .execute(),
      k
        .selectFrom("articles")
        .select(["Id", "Title", "UrlName", "PublicationDate", "Summary", "Content"])
        .orderBy("Position")
        .execute(),
      sql<{ ArticleId: string; Title: string }>`SELECT t."ArticleId", f."Title"
        FROM article_tags t JOIN flat_taxa f ON f."Id" = t."TaxonId"
        ORDER BY t."ArticleId", t."Position"`.execute(k),
      k.selectFrom("site_settings").select("Value").where("Key", "=", "site").executeTakeFirst(),
    ]);
  const industryOf = new Map(firstIndustries.map((r) => [r.TransactionId, r.TaxonId]));
  const taxonTitle = new Map(industries.map((t) => [t.Id, t.Title]));
  const groupOf = createGroupResolver(industries);
  const topicsId = findTaxonomy(taxonomies, TAGS_TAXONOMY_NAME)?.Id;
  const tagTitles = new Map<string, string[]>();
  for (const { ArticleId, Title } of tags.rows)
    tagTitles.set(ArticleId, [...(tagTitles.get(ArticleId) ?? []), Title]);
  const pages = site ? (JSON.parse(site.Value) as Site).pages : [];
  // An industry group is found as its hub, the hub's introduction (a page at its path) its body.
  const hubIntro = new Map(pages.map((p) => [p.path, p]));
  const groups = industries.filter((t) => groupOf(t.Id)?.id === t.Id.toLowerCase());
  return [
    ...deals.map((d): SearchSource => {
      const industry = industryOf.get(d.Id);
      const group = industry === undefined ? null : groupOf(industry);
      const industryTitle = industry === undefined ? undefined : taxonTitle.get(industry);
      return {
        kind: "deal",
        ref: d.UrlName,
        title: d.Company,
        // The counterparty too, so a deal is found by its buyer whatever its description says.
        keywords: [group?.title, industryTitle, d.Date.slice(0, 4), d.Counterparty].filter(
          (x): x is string => x !== undefined && x !== null,
        ),
        body: d.Html === null ? "" : htmlToText(d.Html),
        date: d.Date,
        size: d.Size,
      };
    }),
    ...flat
      .filter((t) => t.TaxonomyId === topicsId)
      .map((t): SearchSource => ({
        kind: "topic",
        ref: t.UrlName,
        title: t.Title,
        keywords: [t.Synonyms],
        body: htmlToText(t.Description),
        date: null,
        size: null,
      })),
    ...articles.map((a): SearchSource => ({
      kind: "article",
      ref: a.UrlName,
      title: a.Title,
      keywords: tagTitles.get(a.Id) ?? [],
      body: `${htmlToText(a.Summary)} ${htmlToText(a.Content)}`,
      date: a.PublicationDate,
      size: null,
    })),
    ...groups.map((g): SearchSource => {
      const intro = hubIntro.get(industryPath(g.UrlName));
      return {
        kind: "industry",
        ref: g.UrlName,
        title: g.Title,
        keywords: industries.filter((t) => t.ParentId === g.Id).map((t) => t.Title),
        body: intro ? `${intro.description} ${htmlToText(intro.content)}` : "",
        date: null,
        size: null,
      };
    }),
    ...pages
      .filter((p) => !p.path.startsWith(`${INDUSTRIES_PATH}/`))
      .map((p): SearchSource => ({
        kind: "page",
        ref: p.path,
        title: p.title,
        keywords: [],
        body: `${p.description} ${htmlToText(p.content)}`,
        date: null,
        size: null,
      })),
  ];
}
