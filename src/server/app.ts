import { existsSync } from "node:fs";
import { createServer } from "node:http";
import zlib from "node:zlib";
import compress from "@fastify/compress";
import fastifyStatic, { type FastifyStaticOptions } from "@fastify/static";
import Fastify, {
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyServerOptions,
} from "fastify";
import type { Db } from "../db/connect.ts";
import type { AstroHandler } from "./astro-bridge.ts";
import type { Config } from "./config.ts";
import type { ContentState } from "./content-state.ts";
import { errorHandler } from "./error-handler.ts";
import { PURGED, UNPURGED, type CachePolicy } from "./http-cache/cache-policy.ts";
import { graceful, InFlight } from "./graceful.ts";
import { hookRoutes, type HookOptions } from "./hooks/hook-route.ts";
import { health } from "./health.ts";
import { createMetrics, metricsPlugin, type Metrics } from "./metrics.ts";
import type { Purger } from "./purge/index.ts";
import { pageFront, type Front } from "./page-front.ts";
import { apiRoutes } from "./routes/api/index.ts";
import { replyEnvelope, trustProxy } from "./reply-envelope.ts";
import { requestIdFor } from "./request-id.ts";
import { envelopeHooks, quietRoutes, RequestLog } from "./request-log.ts";
import { imageRoutes } from "./routes/images.ts";
import type { Coding } from "./http-cache/negotiate.ts";
import { KeptPages } from "./routes/kept-pages.ts";
import { pageRoutes } from "./routes/pages.ts";
import { suggestionRoutes } from "./routes/suggestions.ts";
import { searchRepository } from "../db/repositories/search-repository.ts";
import { createSearch, type SiteSearch } from "../search/engine.ts";
import { security, securityHeaders } from "./security.ts";

export interface AppOptions {
  config: Config;
  db: Db;
  content: ContentState;
  /** Astro's built handler; absent in API-only tests. */
  astro?: AstroHandler;
  /** The site's error page (dist/client/500.html), sent when a page fails to render. */
  errorPage?: string;
  /** The app's metrics (one registry per app by default). */
  metrics?: Metrics;
  /** Built client assets (dist/client) and the embed bundle (dist/embed). */
  clientDir?: string;
  embedDir?: string;
  /** Logger settings (tests), or the site's own logger (main.ts: see logger.ts). */
  logger?: FastifyServerOptions["logger"];
  loggerInstance?: FastifyBaseLogger;
  /** Purges the shared caches in front (purge/): absent when none is configured. */
  purger?: Purger;
  /** Sitefinity's service hooks, when SYNC_SETTINGS and the hook's credentials are set. */
  hooks?: HookOptions;
  /** What /readyz tells of the site's record (a gap, a failing capture), when it is kept. */
  recordProblem?: () => string | null;
  /**
   * The one coding every reply is made in, when not all of them: the record's capture asks for
   * the identity coding alone and stores bodies its own way, so compressing each page and reply
   * in br and gzip too was most of its time.
   */
  onlyCoding?: Coding;
}

declare module "fastify" {
  interface FastifyInstance {
    db: Db;
    content: ContentState;
    config: Config;
    /** The site search, shared by the search page and the suggestions (it keeps the stored words). */
    siteSearch: SiteSearch;
    /** How long browsers and shared caches keep replies: longer when a purger serves the site. */
    cachePolicy: CachePolicy;
    /** The one coding replies are made in (AppOptions.onlyCoding); undefined: every coding. */
    onlyCoding: Coding | undefined;
  }
}

/** Fastify's refusals made before routing echo the address; these say what is wrong instead. */
const FRAMEWORK_ERROR_MESSAGES: Record<string, string> = {
  FST_ERR_BAD_URL: "The address is not valid: broken percent-encoding.",
  FST_ERR_MAX_PARAM_LENGTH: "A part of the address is too long.",
};

/** Used when the build has no error page (an API-only build): readable, if plain. */
const FALLBACK_ERROR_PAGE =
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Not available</title></head>' +
  "<body><main><h1>This page is not available right now</h1><p>Please try again in a moment, " +
  'or go to the <a href="/">home page</a>.</p></main></body></html>';

/** How often Node looks for requests past their head or request timeout. */
const CHECK_TIMEOUTS_MS = 1000;

/** Builds the site's Fastify app without listening: plugins, then our decorations, then routes. */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config } = options;
  const securityHeadersFor = securityHeaders(config);
  const metrics = options.metrics ?? createMetrics(options.db, options.content);
  const inFlight = new InFlight();
  const pages = new KeptPages(options.content, (isHit) => metrics.cacheLookup("page", isHit));
  const trust = trustProxy(config.TRUST_PROXY);
  const envelope = replyEnvelope({ headersFor: securityHeadersFor, inFlight, metrics, trust });
  // Set once the app exists (it needs the app's logger): kept pages are answered before Fastify.
  let front: Front | undefined;
  const app = Fastify({
    ...(options.loggerInstance
      ? { loggerInstance: options.loggerInstance }
      : { logger: options.logger ?? false }),
    // One line per request, after the reply (request-log.ts), instead of Fastify's two.
    logController: new RequestLog(),
    // Behind a proxy, client addresses (rate limit, logs) come from X-Forwarded-For.
    trustProxy: trust,
    requestIdHeader: false,
    genReqId: (request) => requestIdFor(request.headers["x-request-id"]),
    routerOptions: { maxParamLength: 1000 },
    // Our own HTTP/1 server, built as Fastify builds its own, whose request listener asks the
    // front (page-front.ts) first. So Fastify binds one address: for IPv4 and IPv6, HOST=::.
    serverFactory: (handler) => {
      // Addresses over MAX_URL_BYTES get a readable 414 (security.ts), so the request head that
      // Node accepts must be well above it; beyond this bound Node itself answers 431.
      // Slow and idle clients are cut on purpose, not by whatever Node and Fastify default to:
      // Node checks the head and request timeouts every CHECK_TIMEOUTS_MS (30 s by default).
      return createServer(
        {
          maxHeaderSize: 64 * 1024,
          headersTimeout: config.HEADERS_TIMEOUT_MS,
          requestTimeout: config.REQUEST_TIMEOUT_MS,
          keepAliveTimeout: config.KEEP_ALIVE_TIMEOUT_MS,
          connectionsCheckingInterval: CHECK_TIMEOUTS_MS,
        },
        (request, response) => {
          if (front?.(request, response) !== true) handler(request, response);
        },
      );
    },
    return503OnClosing: true,
    // The graceful plugin closes only after every reply has really been sent (see graceful.ts).
    forceCloseConnections: false,
    // A broken address (e.g. `/%`) is refused before any hook runs: the same headers (CORS too
    // for the API) and error shape, with a fixed message rather than the address echoed back.
    frameworkErrors: (error, request, reply) => {
      reply.headers(securityHeadersFor(request.url));
      reply.header("x-request-id", request.id);
      error.message = FRAMEWORK_ERROR_MESSAGES[error.code] ?? "The address is not valid.";
      return errorHandler(error, request, reply);
    },
  });
  // The rate limit counts in Fastify's hooks: with it on, every request goes through them.
  if (options.astro && config.RATE_LIMIT === 0) {
    front = pageFront({ pages, envelope, inFlight, log: app.log });
  }

  await app.register(security, { config, headersFor: envelope.headersFor });
  await app.register(graceful, { inFlight });
  // For replies made per request (search pages, errors); cached replies carry their own codings.
  await app.register(compress, {
    global: true,
    threshold: 1024,
    encodings: ["br", "gzip"],
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
  });

  await app.register(metricsPlugin, { metrics });
  envelopeHooks(app, envelope);
  app.decorate("db", options.db);
  app.decorate("content", options.content);
  app.decorate("config", config);
  app.decorate("cachePolicy", options.purger ? PURGED : UNPURGED);
  app.decorate("onlyCoding", options.onlyCoding);
  const search = createSearch(searchRepository(options.db));
  options.content.onChange(() => search.forget());
  app.decorate("siteSearch", search);
  app.setErrorHandler(errorHandler);

  const { purger } = options;
  await app.register(health, {
    ...(purger ? { purgeProblem: () => purger.problem() } : {}),
    recordProblem: options.recordProblem,
  });

  await serveFolder(app, options.embedDir, {
    // Other sites load the embed as a module script, which needs CORS.
    setHeaders: (reply, path) => {
      reply.header("access-control-allow-origin", "*");
      reply.header(
        "cache-control",
        path.endsWith("/embed.js") ? "public, max-age=300" : "public, max-age=31536000, immutable",
      );
    },
  });
  await serveFolder(app, options.clientDir, {
    // The error page is the host's to send, with its error status, never as a 200 file.
    allowedPath: (pathName) => pathName !== "/500.html",
    setHeaders: (reply, path) => {
      if (path.includes("/_astro/"))
        reply.header("cache-control", "public, max-age=31536000, immutable");
    },
  });
  await app.register(apiRoutes, { prefix: "/api/default" });
  await app.register(suggestionRoutes);
  await app.register(imageRoutes);
  await app.register(hookRoutes, { hooks: options.hooks });
  if (options.astro) {
    await app.register(pageRoutes, {
      astro: options.astro,
      errorPage: options.errorPage ?? FALLBACK_ERROR_PAGE,
      pages,
    });
  }
  return app;
}

/** A built folder's files at the site's root, when it exists; no wildcard, so pages reach Astro. */
async function serveFolder(
  app: FastifyInstance,
  root: string | undefined,
  options: Pick<FastifyStaticOptions, "allowedPath" | "setHeaders">,
) {
  if (!root || !existsSync(root)) return;
  // Static files log their requests at debug only (request-log.ts).
  await app.register(async (files) => {
    quietRoutes(files);
    await files.register(fastifyStatic, {
      root,
      prefix: "/",
      wildcard: false,
      decorateReply: false,
      ...options,
    });
  });
}
