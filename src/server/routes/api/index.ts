import type { FastifyPluginAsync, FastifyRequest } from "fastify";
import { ODataError, quote } from "../../../odata/errors.ts";
import { csdl, serviceDocument } from "../../../odata/metadata.ts";
import { OPTION_NAMES, parseQuery } from "../../../odata/parse.ts";
import type { EntitySet } from "../../../odata/fields.ts";
import {
  ARTICLES,
  articleTag,
  DEALS,
  dealTag,
  TAXA,
  tagHeaders,
} from "../../../rules/cache-tags.ts";
import { ENTITY_SETS } from "./entity-sets.ts";
import { HttpError, type ErrorHeaders } from "../../http-error.ts";
import { ReplyCache } from "../../http-cache/reply-cache.ts";
import { represent, type Representation } from "../../http-cache/representation.ts";
import { sendRepresentation } from "../../http-cache/send.ts";
import { entitySetRepository } from "../../../db/repositories/entity-set-repository.ts";
import { readEntitySet } from "./read-entity-set.ts";

const ALLOWED_METHODS = ["GET", "HEAD", "OPTIONS"];
const ALLOW = ALLOWED_METHODS.join(", ");
// What Sitefinity's web services SDK and common fetch wrappers send; no credentials.
const ALLOW_HEADERS =
  "Accept, Accept-Language, Cache-Control, Content-Language, Content-Type, If-None-Match, Pragma, " +
  "X-Requested-With, X-SF-Service-Request, X-SF-Binary-Choice-Representation, X-SF-Integration-Mode";
const JSON_TYPE = "application/json; charset=utf-8";
const TEXT_TYPE = "text/plain; charset=utf-8";
const XML_TYPE = "application/xml; charset=utf-8";
/**
 * A set's replies are lists: any change to one of its items may change them, so they carry the
 * set's list tag. A reply asked for by Id alone (`$filter=Id eq …`, or several joined by `or`,
 * as a client reads one item) can only change with those items: it carries their own tags.
 */
const SET_TAGS: Partial<
  Record<EntitySet["table"], { list: string; item: (id: string) => string }>
> = {
  transactions: { list: DEALS, item: dealTag },
  articles: { list: ARTICLES, item: articleTag },
};
const GUID = "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}";
const BY_IDS = new RegExp(`^\\s*Id eq (${GUID})(\\s+or\\s+Id eq ${GUID})*\\s*$`, "i");

/** Past this many Ids a reply carries its list's tag: the tag headers stay well under 8 KiB. */
const MOST_REPLY_ITEMS = 50;

function replyTags(set: EntitySet, filter: string | undefined): string[] {
  const tags = SET_TAGS[set.table];
  if (tags === undefined) return [TAXA];
  if (filter === undefined || !BY_IDS.test(filter)) return [tags.list];
  const ids = [...filter.matchAll(new RegExp(GUID, "gi"))].map(([id]) => id);
  return ids.length > MOST_REPLY_ITEMS ? [tags.list] : ids.map(tags.item);
}
const OTHER_METHODS = ["DELETE", "PATCH", "POST", "PUT", "QUERY", "TRACE"];

/**
 * The read API (docs/api.md) under /api/default: the service document, `$metadata`, OData entity
 * sets and their `/$count`, CORS, 405/404 answers, and a cache of finished replies (every coding,
 * ETag) that an import drops.
 */
export const apiRoutes: FastifyPluginAsync = async (app) => {
  const repository = entitySetRepository(app.db);
  /** Sent with every API reply that carries data (and with its 304). */
  const replyHeaders = (contentType: string, tags: readonly string[] = []) => ({
    "content-type": contentType,
    "cache-control": app.cachePolicy.api,
    ...tagHeaders(tags),
    "odata-version": "4.0",
    "access-control-allow-origin": "*",
    "access-control-expose-headers": "ETag",
  });
  const cache = new ReplyCache((isHit) => app.metrics.cacheLookup("api", isHit));
  app.content.onChange((tags) => cache.dropTagged(tags));
  const settings = {
    maxPage: app.config.API_MAX_PAGE,
    apiBase: `${app.config.SITE_URL}/api/default`,
  };

  const resolve = (request: FastifyRequest, url: string): Promise<Representation> => {
    const [set, isCount] = entitySetOf((request.params as { "*": string })["*"]);
    const search = url.includes("?") ? url.slice(url.indexOf("?") + 1) : "";
    const parsed = parseQuery(new URLSearchParams(search));
    const texts = OPTION_NAMES.map((name) => parsed.texts[name] ?? "");
    const key = `${set.name}${isCount ? "/$count" : ""}?${texts.join("\n")}`;
    const tags = replyTags(set, parsed.texts.$filter);
    return cache.get(url, key, async () =>
      isCount
        ? represent(
            String(await repository.count(set, parsed.options)),
            replyHeaders(TEXT_TYPE, tags),
            200,
            app.onlyCoding,
          )
        : represent(
            await readEntitySet(repository, set, parsed, settings),
            replyHeaders(JSON_TYPE, tags),
            200,
            app.onlyCoding,
          ),
    );
  };

  // The service's descriptions do not change with the content: written once.
  const sets = [...ENTITY_SETS.values()];
  const [service, metadata] = await Promise.all([
    represent(serviceDocument(settings.apiBase, sets), replyHeaders(JSON_TYPE)),
    represent(csdl(sets), replyHeaders(XML_TYPE)),
  ]);
  // With the prefix, "/" is both /api/default and /api/default/, as Sitefinity serves its root.
  for (const [url, representation] of [
    ["/", service],
    ["/$metadata", metadata],
  ] as const) {
    app.route({
      method: ["GET", "HEAD"],
      url,
      compress: false,
      handler: async (request, reply) => sendRepresentation(request, reply, representation),
    });
  }

  // Runs before any body is read, so every other method gets its 405 whatever it sends.
  // (Addresses over 8 KiB never get here: security.ts answers them with 414. CORS comes with
  // the security headers there, on every /api/ reply.)
  app.addHook("onRequest", async (request) => {
    if (OTHER_METHODS.includes(request.method)) throw methodNotAllowed(request.method);
  });

  app.route({
    method: ["GET", "HEAD"],
    url: "/*",
    compress: false,
    handler: async (request, reply) => {
      const url = request.raw.url ?? "";
      try {
        const representation = cache.byUrl(url) ?? (await resolve(request, url));
        return sendRepresentation(request, reply, representation);
      } catch (error) {
        throw error instanceof ODataError ? refusal(400, error.code, error.message) : error;
      }
    },
  });

  app.route({
    method: "OPTIONS",
    url: "/*",
    handler: async (_request, reply) =>
      reply
        .code(204)
        .headers({
          allow: ALLOW,
          "access-control-allow-methods": ALLOW,
          "access-control-allow-headers": ALLOW_HEADERS,
          "access-control-max-age": "86400",
          "cache-control": "public, max-age=86400",
        })
        .send(),
  });

  // Never reached (the hook answers first); it keeps these methods from the pages' routes.
  app.route({ method: OTHER_METHODS, url: "/*", handler: async (_request, reply) => reply });
  // Methods no route knows (PROPFIND, LOCK, SEARCH…) end here rather than at the site's 404,
  // as does an address the routes above do not match (`/api/default` without its slash).
  app.setNotFoundHandler(async (request) => {
    throw ALLOWED_METHODS.includes(request.method)
      ? refusal(404, "NotFound", `no resource ${quote(request.url)}`)
      : methodNotAllowed(request.method);
  });
};

/** The API's refusals are never stored: the same address may be served once the content changes. */
function refusal(status: number, code: string, message: string, headers: ErrorHeaders = {}) {
  return new HttpError(status, code, message, { "cache-control": "no-store", ...headers });
}

function methodNotAllowed(method: string) {
  return refusal(405, "MethodNotAllowed", `${method} is not allowed; use ${ALLOW}`, {
    allow: ALLOW,
  });
}

/** `transactions` or `transactions/$count` -> the entity set and whether the count is asked. */
function entitySetOf(path: string): [NonNullable<ReturnType<typeof ENTITY_SETS.get>>, boolean] {
  const [name = "", segment, ...rest] = path.replace(/\/$/, "").split("/");
  const set = ENTITY_SETS.get(name);
  if (set === undefined) {
    const names = [...ENTITY_SETS.keys()].join(", ");
    throw refusal(404, "NotFound", `no entity set ${quote(name)} (there are ${names})`);
  }
  if (rest.length > 0 || (segment !== undefined && segment !== "$count")) {
    throw refusal(404, "NotFound", `no resource ${quote(path)} (only ${name} and ${name}/$count)`);
  }
  return [set, segment === "$count"];
}
