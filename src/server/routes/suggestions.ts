import type { FastifyPluginAsync } from "fastify";
import { KIND_NAMES, resultDetails, resultHref } from "../../lib/search-page.ts";
import { SEARCH, tagHeaders } from "../../rules/cache-tags.ts";
import { parseQuery, readingKey } from "../../search/query.ts";
import type { Suggestion } from "../../search/results.ts";
import { chooseCoding } from "../http-cache/negotiate.ts";
import { ReplyCache } from "../http-cache/reply-cache.ts";
import { represent } from "../http-cache/representation.ts";
import { sendRepresentation } from "../http-cache/send.ts";

/** Where the header's search bar asks for suggestions (the site's own JSON, not the OData API). */
export const SUGGESTIONS_PATH = "/search/suggestions";

/** Fewest letters and digits typed before anything is suggested. */
export const MIN_SUGGEST_CHARACTERS = 2;

/** One suggestion as the search bar shows it: title marked with MARK_START/MARK_END. */
export interface SuggestionItem {
  kind: Suggestion["kind"];
  label: string;
  title: string;
  url: string;
  detail: string | null;
}

/**
 * `GET /search/suggestions?q=` -> `{"items": [...]}`: up to six deals, topics and articles whose
 * titles match what was typed. Replies are cached per query (its words, folded) until a content
 * change, with strong ETags, the API's lifetimes and the search's cache tag. A reply is compressed
 * in the coding of the request that asked for it alone: each prefix typed is a new query, seldom
 * asked again, and compressing it in both codings was a good part of a suggestion's work.
 */
export const suggestionRoutes: FastifyPluginAsync = async (app) => {
  const cache = new ReplyCache((isHit) => app.metrics.cacheLookup("suggestions", isHit));
  app.content.onChange((tags) => cache.dropTagged(tags));

  app.get<{ Querystring: Record<string, unknown> }>(SUGGESTIONS_PATH, async (request, reply) => {
    const raw = request.query.q;
    const query = parseQuery(typeof raw === "string" ? raw : "");
    const typed = query.words.join("").length;
    // The same words (case, accents, punctuation aside) give the same reply: one cache entry.
    const representation = await cache.get(request.url, readingKey(query), async () => {
      const found = typed < MIN_SUGGEST_CHARACTERS ? [] : await app.siteSearch.suggest(query);
      const items: SuggestionItem[] = found.map((s) => ({
        kind: s.kind,
        label: KIND_NAMES[s.kind][0],
        title: s.title,
        url: resultHref(s),
        detail: resultDetails(s),
      }));
      return represent(
        JSON.stringify({ items }),
        {
          "content-type": "application/json; charset=utf-8",
          "cache-control": app.cachePolicy.api,
          ...tagHeaders([SEARCH]),
        },
        200,
        chooseCoding(request.headers["accept-encoding"]),
      );
    });
    return sendRepresentation(request, reply, representation);
  });
};
