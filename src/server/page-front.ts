import type { IncomingMessage, ServerResponse } from "node:http";
import type { FastifyBaseLogger } from "fastify";
import type { InFlight } from "./graceful.ts";
import { answerFor } from "./http-cache/send.ts";
import type { Variant } from "./http-cache/representation.ts";
import type { Metrics } from "./metrics.ts";
import { requestIdFor } from "./request-id.ts";
import { REQUEST_MESSAGE, requestLine } from "./request-log.ts";
import { PAGE_ROUTE, type KeptPages } from "./routes/kept-pages.ts";
import type { HeaderSet } from "./security.ts";

/** Answers a request when it can; returns whether it did. */
export type Front = (request: IncomingMessage, response: ServerResponse) => boolean;

export interface PageFrontOptions {
  pages: KeptPages;
  /** The site's security headers (a page is never under /api/). */
  securityHeaders: HeaderSet;
  inFlight: InFlight;
  metrics: Metrics;
  log: FastifyBaseLogger;
}

/** A kept reply's headers, worked out once per coding: the site's, then the page's own. */
interface Heads {
  readonly full: HeaderSet;
  readonly notModified: HeaderSet;
}

/**
 * Sends a kept page (routes/kept-pages.ts) before Fastify sees the request, with everything the
 * Fastify route would send it with: the security headers, the request id, the coding the client
 * accepts or a 304, one log line, the metrics, and a place in the replies a shutdown waits for.
 * Anything else (another method, an address not kept, a server closing) is left to Fastify, by
 * returning false. A kept page costs little more than its bytes: through Fastify's lifecycle it
 * served 0.77 of what a bare node:http server sends the same bytes at (issue 23).
 *
 * The front stands aside entirely when the rate limit is on (see app.ts): it counts in Fastify.
 * A kept address is one the page route answered with a 2xx, so it passed every refusal made
 * before the route (its length, its encoding, the methods).
 */
export function pageFront({
  pages,
  securityHeaders,
  inFlight,
  metrics,
  log,
}: PageFrontOptions): Front {
  const heads = new WeakMap<Variant, Heads>();
  const headsOf = (variant: Variant): Heads => {
    let found = heads.get(variant);
    if (found === undefined) {
      found = {
        full: {
          ...securityHeaders,
          ...variant.headers,
          "content-length": String(variant.body.length),
        },
        notModified: { ...securityHeaders, ...variant.notModifiedHeaders },
      };
      heads.set(variant, found);
    }
    return found;
  };

  return (request, response) => {
    const { method = "", url = "/" } = request;
    if ((method !== "GET" && method !== "HEAD") || inFlight.closing) return false;
    const representation = pages.find(url);
    if (representation === undefined) return false;

    const start = performance.now();
    const id = requestIdFor(request.headers["x-request-id"]);
    const { status, variant, notModified } = answerFor(
      representation,
      request.headers["accept-encoding"],
      request.headers["if-none-match"],
    );
    inFlight.track(response, () => {
      const elapsed = performance.now() - start;
      log.info(
        { reqId: id, ...requestLine(method, url, PAGE_ROUTE, status, elapsed) },
        REQUEST_MESSAGE,
      );
      metrics.reply({ method, route: PAGE_ROUTE, status: String(status) }, elapsed / 1000);
    });
    const head = headsOf(variant);
    response.writeHead(status, {
      ...(notModified ? head.notModified : head.full),
      "x-request-id": id,
    });
    // A HEAD request's body is dropped by Node; its length is still announced.
    response.end(notModified ? undefined : variant.body);
    return true;
  };
}
