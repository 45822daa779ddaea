import { sql, type Kysely } from "kysely";
import type { Site } from "../../content/site.ts";
import { htmlToText } from "../../rules/html-text.ts";
import { createGroupResolver } from "../../rules/industry-groups.ts";
import { INDUSTRIES_PATH, industryPath } from "../../rules/site-paths.ts";
import { findTaxonomy, TAGS_TAXONOMY_NAME } from "../../rules/taxonomies.ts";
import type { SearchSource } from "../../search/build-index.ts";
import type { Database } from "../schema.ts";
import { DEAL_SUMMARY, dealsWithDescriptions } from "./deal-rows.ts";

/** Everything a visitor can search for, read from the content tables, in the index's order. */
export async function readSearchSources(k: Kysely<Database>): Promise<SearchSource[]> {
  const [deals, industries, taxonomies, flat, articles, site, people] = await Promise.all([
    dealSources(k),
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
    articleSources(k),
    k.selectFrom("site_settings").select("Value").where("Key", "=", "site").executeTakeFirst(),
    personSources(k),
  ]);
  const groupOf = createGroupResolver(industries);
  const topicsId = findTaxonomy(taxonomies, TAGS_TAXONOMY_NAME)?.Id;
  const pages = site ? (JSON.parse(site.Value) as Site).pages : [];
  // An industry group is found as its hub, the hub's introduction (a page at its path) its body.
  const hubIntro = new Map(pages.map((p) => [p.path, p]));
  const groups = industries.filter((t) => groupOf(t.Id)?.id === t.Id.toLowerCase());
  return [
    ...deals,
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
    ...articles,
    ...people,
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

/** The deals as the search finds them: every one, or those with these Ids. */
export async function dealSources(
  k: Kysely<Database>,
  ids?: readonly string[],
): Promise<SearchSource[]> {
  if (ids?.length === 0) return [];
  let deals = dealsWithDescriptions(k)
    .select([...DEAL_SUMMARY, "transactions.Counterparty", "descriptions.Html"])
    .orderBy("transactions.Position");
  let first = k
    .selectFrom("transaction_industries")
    .select(["TransactionId", "TaxonId"])
    .where("Position", "=", 0);
  if (ids) {
    deals = deals.where("transactions.Id", "in", ids);
    first = first.where("TransactionId", "in", ids);
  }
  const [rows, firstIndustries, industries] = await Promise.all([
    deals.execute(),
    first.execute(),
    k.selectFrom("hierarchy_taxa").select(["Id", "Title", "ParentId", "Ordinal"]).execute(),
  ]);
  const industryOf = new Map(firstIndustries.map((r) => [r.TransactionId, r.TaxonId]));
  const taxonTitle = new Map(industries.map((t) => [t.Id, t.Title]));
  const groupOf = createGroupResolver(industries);
  return rows.map((d): SearchSource => {
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
      item: d.Id,
    };
  });
}

/** The articles as the search finds them: every one, or those with these Ids. */
export async function articleSources(
  k: Kysely<Database>,
  ids?: readonly string[],
): Promise<SearchSource[]> {
  if (ids?.length === 0) return [];
  let articles = k
    .selectFrom("articles")
    .select(["Id", "Title", "UrlName", "PublicationDate", "Summary", "Content"])
    .orderBy("Position");
  if (ids) articles = articles.where("Id", "in", ids);
  const [rows, tags] = await Promise.all([
    articles.execute(),
    sql<{ ArticleId: string; Title: string }>`SELECT t."ArticleId", f."Title"
      FROM article_tags t JOIN flat_taxa f ON f."Id" = t."TaxonId"
      ${ids ? sql`WHERE t."ArticleId" IN (${sql.join(ids)})` : sql``}
      ORDER BY t."ArticleId", t."Position"`.execute(k),
  ]);
  const tagTitles = new Map<string, string[]>();
  for (const { ArticleId, Title } of tags.rows)
    tagTitles.set(ArticleId, [...(tagTitles.get(ArticleId) ?? []), Title]);
  return rows.map((a) => ({
    kind: "article",
    ref: a.UrlName,
    title: a.Title,
    keywords: tagTitles.get(a.Id) ?? [],
    body: `${htmlToText(a.Summary)} ${htmlToText(a.Content)}`,
    date: a.PublicationDate,
    size: null,
    item: a.Id,
  }));
}

/**
 * The firm's people as the search finds them (a visitor types a banker's name): every one, or
 * those with these Ids. Their title and groups are part of the body, not keywords, so that a
 * search for a group's name still finds its hub first.
 */
export async function personSources(
  k: Kysely<Database>,
  ids?: readonly string[],
): Promise<SearchSource[]> {
  if (ids?.length === 0) return [];
  let people = k
    .selectFrom("people")
    .select(["Id", "Title", "UrlName", "JobTitle", "Biography"])
    .orderBy("Position");
  let links = k.selectFrom("person_industries").select(["PersonId", "TaxonId"]).orderBy("Position");
  if (ids) {
    people = people.where("Id", "in", ids);
    links = links.where("PersonId", "in", ids);
  }
  const [rows, covered, industries] = await Promise.all([
    people.execute(),
    links.execute(),
    k.selectFrom("hierarchy_taxa").select(["Id", "Title", "ParentId", "Ordinal"]).execute(),
  ]);
  const groupOf = createGroupResolver(industries);
  const groups = new Map<string, Set<string>>();
  for (const { PersonId, TaxonId } of covered) {
    const group = groupOf(TaxonId);
    if (group) groups.set(PersonId, (groups.get(PersonId) ?? new Set()).add(group.title));
  }
  return rows.map((p) => ({
    kind: "person",
    ref: p.UrlName,
    title: p.Title,
    keywords: [],
    body: [p.JobTitle ?? "", ...(groups.get(p.Id) ?? []), htmlToText(p.Biography)].join(" "),
    date: null,
    size: null,
    item: p.Id,
  }));
}
