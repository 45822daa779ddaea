import type { APIRoute } from "astro";
import { sitemapXml } from "../lib/sitemap.ts";
import {
  ARTICLES_PATH,
  articlePath,
  dealPath,
  INDUSTRIES_PATH,
  industryPath,
  personPath,
  topicPath,
} from "../rules/site-paths.ts";

/** Every public page: home, sections, content pages, hubs, topics, articles, deals and people. */
export const GET: APIRoute = async ({ locals }) => {
  const [site, entries, groups, people] = await Promise.all([
    locals.site.site(),
    locals.site.sitemapEntries(),
    locals.site.industryGroups(),
    locals.site.personAddresses(),
  ]);
  // A hub's introduction is a site page at the hub's own path: listed once.
  const hubs = [INDUSTRIES_PATH, ...groups.map((g) => industryPath(g.UrlName))];
  const xml = sitemapXml(locals.siteUrl, [
    { path: "/" },
    { path: "/transactions" },
    { path: "/topics" },
    { path: ARTICLES_PATH },
    ...hubs.map((path) => ({ path })),
    ...(site?.pages ?? []).filter((p) => !hubs.includes(p.path)).map((p) => ({ path: p.path })),
    ...entries.topics.map((urlName) => ({ path: topicPath(urlName) })),
    ...entries.articles.map((a) => ({ path: articlePath(a.UrlName), lastmod: a.PublicationDate })),
    ...entries.deals.map((d) => ({ path: dealPath(d.UrlName), lastmod: d.LastModified })),
    ...people.map((p) => ({ path: personPath(p.UrlName), lastmod: p.LastModified })),
  ]);
  return new Response(xml, { headers: { "content-type": "application/xml; charset=utf-8" } });
};
