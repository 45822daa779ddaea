import type { APIRoute } from "astro";

export const GET: APIRoute = ({ locals }) =>
  new Response(
    `User-agent: *\nDisallow: /search\nDisallow: /api/\n\nSitemap: ${new URL("/sitemap.xml", locals.siteUrl)}\n`,
    {
      headers: { "content-type": "text/plain; charset=utf-8" },
    },
  );
