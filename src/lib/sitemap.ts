import { calendarDay } from "../rules/date-time.ts";
import { escapeHtml } from "./highlight.ts";

export interface SitemapEntry {
  path: string;
  lastmod?: string;
}

/** The sitemap XML for absolute URLs under `siteUrl`. */
export function sitemapXml(siteUrl: string, entries: readonly SitemapEntry[]): string {
  const urls = entries.map((e) => {
    const loc = `<loc>${escapeHtml(new URL(e.path, siteUrl).toString())}</loc>`;
    const lastmod = e.lastmod ? `<lastmod>${escapeHtml(calendarDay(e.lastmod))}</lastmod>` : "";
    return `  <url>${loc}${lastmod}</url>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join("\n")}\n</urlset>\n`;
}
