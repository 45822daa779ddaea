import type { APIRoute } from "astro";
import { sitemapXml } from "../lib/sitemap.ts";
import { ARTICLES_PATH, articlePath, dealPath, topicPath } from "../rules/site-paths.ts";

/** Every public page: home, sections, content pages, topic pages, articles and deals. */
export const GET: APIRoute = async ({ locals }) => {
  const [site, entries] = await Promise.all([locals.site.site(), locals.site.sitemapEntries()]);
  const xml = sitemapXml(locals.siteUrl, [
    { path: "/" },
    { path: "/transactions" },
    { path: "/topics" },
    { path: ARTICLES_PATH },
    ...(site?.pages ?? []).map((p) => ({ path: p.path })),
    ...entries.topics.map((urlName) => ({ path: topicPath(urlName) })),
    ...entries.articles.map((a) => ({ path: articlePath(a.UrlName), lastmod: a.PublicationDate })),
    ...entries.deals.map((d) => ({ path: dealPath(d.UrlName), lastmod: d.LastModified })),
  ]);
  return new Response(xml, { headers: { "content-type": "application/xml; charset=utf-8" } });
};
