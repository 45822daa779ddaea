import type { IncomingMessage, ServerResponse } from "node:http";
import type { FastifyBaseLogger } from "fastify";
import type { InFlight } from "./graceful.ts";
import { negotiateReply } from "./http-cache/send.ts";
import type { Variant } from "./http-cache/representation.ts";
import type { ReplyEnvelope } from "./reply-envelope.ts";
import { requestIdFor } from "./request-id.ts";
import { PAGE_ROUTE, type KeptPages } from "./routes/kept-pages.ts";
import { MAX_URL_BYTES, type HeaderSet } from "./security.ts";

/** Answers a request when it can; returns whether it did. */
export type Front = (request: IncomingMessage, response: ServerResponse) => boolean;

export interface PageFrontOptions {
  pages: KeptPages;
  /** The headers, shutdown count, log line and metrics every reply has (reply-envelope.ts). */
  envelope: ReplyEnvelope;
  /** Whether the server is closing: then Fastify answers 503. */
  inFlight: InFlight;
  log: FastifyBaseLogger;
}

/** A kept reply's headers, worked out once per coding: the site's, then the page's own. */
interface Heads {
  readonly full: HeaderSet;
  readonly notModified: HeaderSet;
}

/**
 * Sends a kept page (routes/kept-pages.ts) before Fastify sees the request, in the envelope every
 * reply has (reply-envelope.ts: the security headers, one log line, the metrics, a place in the
 * replies a shutdown waits for), with the request id and the coding the client accepts or a 304.
 * Through Fastify's lifecycle a kept page was sent at 0.77 of what a bare node:http server sends
 * the same bytes at; here it costs little more than its bytes, and kept pages are most of what
 * a busy site sends.
 *
 * Whatever Fastify would refuse or treat apart is left to it, by returning false: other methods,
 * addresses not kept, an address past MAX_URL_BYTES (a kept path with a bare `?` added), the
 * API's addresses (their CORS header), every request once the server is closing (503), and a
 * reply Node refuses to write. The front is not used at all when the rate limit is on (see
 * app.ts): the limit counts in Fastify's hooks.
 */
export function pageFront({ pages, envelope, inFlight, log }: PageFrontOptions): Front {
  // The front never answers under /api/: the site's headers are the same for every page.
  const securityHeaders: HeaderSet = envelope.headersFor("/");
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
    const { method = "", url = "/", headers } = request;
    if (
      (method !== "GET" && method !== "HEAD") ||
      inFlight.closing ||
      url.length > MAX_URL_BYTES ||
      url.startsWith("/api/")
    )
      return false;
    const representation = pages.find(url);
    if (representation === undefined) return false;

    const start = performance.now();
    const id = requestIdFor(headers["x-request-id"]);
    const { status, variant, notModified } = negotiateReply(
      representation,
      headers["accept-encoding"],
      headers["if-none-match"],
    );
    const head = headsOf(variant);
    try {
      response.writeHead(status, {
        ...(notModified ? head.notModified : head.full),
        "x-request-id": id,
      });
    } catch {
      // A header Node will not write (it came from a page): Fastify answers with its error page.
      return false;
    }
    envelope.track(response);
    // Logged and counted once sent, as Fastify does; a client that left first is neither.
    response.once("finish", () => {
      const client = envelope.clientOf(request);
      envelope.record(
        log,
        { reqId: id, method, url, route: PAGE_ROUTE, status, client },
        performance.now() - start,
      );
    });
    // A HEAD request's body is dropped by Node; its length is still announced.
    response.end(notModified ? undefined : variant.body);
    return true;
  };
}
