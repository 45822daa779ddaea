import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from "fastify";
import { siteRepository } from "../../db/repositories/site-repository.ts";
import { searchRepository } from "../../db/repositories/search-repository.ts";
import { renderWithAstro, type AstroHandler } from "../astro-bridge.ts";
import { mergeCsp } from "../csp.ts";
import { matchesEtag, PageCache, pageCacheKey, type CachedPage } from "../page-cache.ts";

/** What Astro pages receive as `Astro.locals`. */
export interface PageLocals {
  site: ReturnType<typeof siteRepository>;
  search: ReturnType<typeof searchRepository>;
  siteUrl: string;
}

// Hop-by-hop and length headers are Fastify's to write (the body may be compressed).
const DROPPED = new Set(["content-length", "transfer-encoding", "connection", "content-encoding"]);
const CACHE_CONTROL = "public, max-age=0, must-revalidate";

/**
 * Every GET/HEAD the host does not serve itself goes to Astro; other methods get 405.
 * Rendered pages are cached per URL until the content changes, and carry a strong ETag.
 */
export const pageRoutes: FastifyPluginAsync<{ astro: AstroHandler }> = async (app, { astro }) => {
  const locals: PageLocals = {
    site: siteRepository(app.db),
    search: searchRepository(app.db),
    siteUrl: app.config.SITE_URL,
  };
  const cache = new PageCache();
  app.content.onChange(() => cache.clear());

  app.route({
    method: ["GET", "HEAD"],
    url: "/*",
    handler: async (request, reply) => {
      const key = pageCacheKey(request.url);
      let page: CachedPage | undefined = key === null ? undefined : cache.get(key);
      if (!page) {
        const rendered = await renderWithAstro(astro, request.raw, locals);
        const headers = Object.fromEntries(
          Object.entries(rendered.headers).filter(([name]) => !DROPPED.has(name)),
        );
        const cacheable =
          key !== null &&
          (rendered.status === 200 || rendered.status === 404) &&
          !headers["set-cookie"];
        page = cacheable
          ? cache.set(key, { ...rendered, headers })
          : { ...rendered, headers, etag: "" };
      }
      for (const [name, value] of Object.entries(page.headers)) {
        if (value === undefined) continue;
        if (name === "content-security-policy") {
          reply.header(name, mergeCsp(String(reply.getHeader(name) ?? ""), String(value)));
        } else {
          reply.header(name, value);
        }
      }
      if (page.etag) {
        reply.header("etag", page.etag).header("cache-control", CACHE_CONTROL);
        if (page.status === 200 && matchesEtag(request.headers["if-none-match"], page.etag)) {
          return reply.code(304).send();
        }
      }
      return reply.code(page.status).send(page.body);
    },
  });
  // Refused in onRequest, before any body is read or parsed.
  const methodNotAllowed = async (_request: FastifyRequest, reply: FastifyReply) =>
    reply
      .code(405)
      .header("allow", "GET, HEAD")
      .send({ error: { code: "MethodNotAllowed", message: "Only GET and HEAD are served here." } });
  app.route({
    method: ["POST", "PUT", "PATCH", "DELETE", "OPTIONS"],
    url: "/*",
    onRequest: methodNotAllowed,
    handler: methodNotAllowed,
  });
};
