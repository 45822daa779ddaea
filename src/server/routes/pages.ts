import type { FastifyPluginAsync } from "fastify";
import { siteRepository } from "../../db/repositories/site-repository.ts";
import { searchRepository } from "../../db/repositories/search-repository.ts";
import { renderWithAstro, type AstroHandler } from "../astro-bridge.ts";

/** What Astro pages receive as `Astro.locals`. */
export interface PageLocals {
  site: ReturnType<typeof siteRepository>;
  search: ReturnType<typeof searchRepository>;
  siteUrl: string;
}

// Hop-by-hop and length headers are Fastify's to write (the body may be compressed).
const DROPPED = new Set(["content-length", "transfer-encoding", "connection", "content-encoding"]);

/** Every GET/HEAD the host does not serve itself goes to Astro; other methods get 405. */
export const pageRoutes: FastifyPluginAsync<{ astro: AstroHandler }> = async (app, { astro }) => {
  const locals: PageLocals = {
    site: siteRepository(app.db),
    search: searchRepository(app.db),
    siteUrl: app.config.SITE_URL,
  };
  app.route({
    method: ["GET", "HEAD"],
    url: "/*",
    handler: async (request, reply) => {
      const page = await renderWithAstro(astro, request.raw, locals);
      reply.code(page.status);
      for (const [name, value] of Object.entries(page.headers)) {
        if (value !== undefined && !DROPPED.has(name)) reply.header(name, value);
      }
      return reply.send(page.body);
    },
  });
  app.route({
    method: ["POST", "PUT", "PATCH", "DELETE"],
    url: "/*",
    handler: async (_request, reply) =>
      reply
        .code(405)
        .header("allow", "GET, HEAD")
        .send({
          error: { code: "MethodNotAllowed", message: "Only GET and HEAD are served here." },
        }),
  });
};
