import type { FastifyPluginAsync } from "fastify";
import { feedRepository } from "../../db/repositories/feed-repository.ts";
import { imageRepository } from "../../db/repositories/image-repository.ts";
import { siteRepository } from "../../db/repositories/site-repository.ts";
import type { SiteSearch } from "../../search/engine.ts";
import { renderWithAstro, type AstroHandler, type RenderedPage } from "../astro-bridge.ts";
import { mergeCsp } from "../csp.ts";
import { HttpError } from "../http-error.ts";
import { SITE, tagHeaders } from "../../rules/cache-tags.ts";
import { chooseCoding, type Coding } from "../http-cache/negotiate.ts";
import { represent } from "../http-cache/representation.ts";
import { sendRepresentation } from "../http-cache/send.ts";
import { PAGE_ROUTE, type KeptPages } from "./kept-pages.ts";
import { taggedRepositories } from "./page-tags.ts";
import { SEARCH_PAGE_PATH, SearchFrames } from "./search-frame.ts";

/** What Astro pages receive as `Astro.locals`, one object per request. */
export interface PageLocals {
  site: ReturnType<typeof siteRepository>;
  feeds: ReturnType<typeof feedRepository>;
  /** The images the site holds, by the addresses content names (src/components/held-image/). */
  images: ReturnType<typeof imageRepository>;
  search: SiteSearch;
  siteUrl: string;
  /** Set when the host asks for one search's results, for the search page (search-frame.ts). */
  isSearchResults?: boolean;
  /** Set by src/middleware.ts when the page failed to render. */
  failure?: unknown;
}

// Hop-by-hop and length headers are Fastify's to write (the body may be compressed).
const DROPPED = new Set(["content-length", "transfer-encoding", "connection", "content-encoding"]);

/**
 * Every GET/HEAD the host does not serve itself goes to Astro; other methods get 405.
 * A page names what it showed in its cache tags (page-tags.ts), so a content change drops and
 * purges only the pages that show it.
 * The search page is a kept frame filled with one query's results (search-frame.ts).
 * A rendered page is kept in `pages` (search excepted) in every coding with its ETags until the
 * content changes, so a repeat costs no rendering and no compression: the front (page-front.ts)
 * sends it before Fastify, and this route when the front stands aside. A page that fails is
 * answered by the error handler with `errorPage`: 503 while the database is out of reach (it heals
 * by itself, so clients may retry), else 500, never stored.
 */
export const pageRoutes: FastifyPluginAsync<{
  astro: AstroHandler;
  errorPage: string;
  pages: KeptPages;
}> = async (app, { astro, errorPage, pages }) => {
  const shared = {
    site: siteRepository(app.db),
    feeds: feedRepository(app.db),
    images: imageRepository(app.db),
    search: app.siteSearch,
    siteUrl: app.config.SITE_URL,
  };
  const newLocals = (tags: Set<string>): PageLocals => {
    const locals = { ...shared, ...taggedRepositories(shared, tags) };
    // The layout and the page both read the site's settings: once for the request.
    const { site } = locals.site;
    let settings: ReturnType<typeof site> | undefined;
    return { ...locals, site: { ...locals.site, site: () => (settings ??= site()) } };
  };
  const searchFrames = new SearchFrames(app.content);
  app.route({
    method: ["GET", "HEAD"],
    url: PAGE_ROUTE,
    compress: false,
    config: { errorPage },
    handler: async (request, reply) => {
      // The site's CSP comes from helmet (onRequest); the page adds its script and style hashes.
      const siteCsp = String(reply.getHeader("content-security-policy") ?? "");
      // A page that is not kept (search) is compressed only in the coding this request takes.
      const render = async (only?: Coding) => {
        const tags = new Set([SITE]);
        const locals = newLocals(tags);
        const rendering =
          pathOf(request.raw.url) === SEARCH_PAGE_PATH
            ? searchFrames.render(astro, request.raw, locals, tags, newLocals)
            : renderWithAstro(astro, request.raw, locals);
        const page = await rendering.catch((error: unknown) => {
          locals.failure = error;
          return null;
        });
        // Wrapped, so that whatever Astro failed with (even an error carrying a 4xx status) is
        // a failure of this page; the cause still tells a database out of reach.
        if (page === null || page.status >= 500)
          throw new Error("page render failed", { cause: locals.failure });
        const headers = {
          "cache-control": app.cachePolicy.pages,
          ...tagHeaders(tags),
          ...pageHeaders(page, siteCsp),
        };
        return represent(page.body, headers, page.status, only ?? app.onlyCoding);
      };
      // A kept page reaches the handler only when the front stood aside (the rate limit is on,
      // or Node refused its headers): here, unlike in a route's own onRequest, the limit has run.
      const representation = await pages.get(
        request.raw.url ?? "/",
        chooseCoding(request.headers["accept-encoding"]),
        render,
      );
      return sendRepresentation(request, reply, representation);
    },
  });

  // Refused in onRequest, before any body is read or parsed.
  const methodNotAllowed = async () => {
    throw new HttpError(405, "MethodNotAllowed", "Only GET and HEAD are served here.", {
      allow: "GET, HEAD",
    });
  };
  app.route({
    method: ["POST", "PUT", "PATCH", "DELETE", "OPTIONS"],
    url: PAGE_ROUTE,
    onRequest: methodNotAllowed,
    handler: methodNotAllowed,
  });
};

/** The path of a request's address. */
const pathOf = (url: string | undefined) => (url ?? "/").split("?", 1)[0];

/** The headers of Astro's reply to keep with it (a page's own Cache-Control stands). */
function pageHeaders(page: RenderedPage, siteCsp: string): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(page.headers)) {
    if (value === undefined || DROPPED.has(name)) continue;
    headers[name] =
      name === "content-security-policy" ? mergeCsp(siteCsp, String(value)) : String(value);
  }
  return headers;
}
