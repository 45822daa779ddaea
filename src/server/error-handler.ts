import type { FastifyError, FastifyReply, FastifyRequest } from "fastify";
import { isDatabaseUnavailable } from "../db/errors.ts";
import { HttpError } from "./http-error.ts";

declare module "fastify" {
  interface FastifyContextConfig {
    /** HTML sent instead of the JSON body when the route fails (a 5xx it did not raise itself). */
    errorPage?: string;
  }
}

const CODES: Record<number, string> = {
  400: "BadRequest",
  404: "NotFound",
  405: "MethodNotAllowed",
  406: "NotAcceptable",
  413: "PayloadTooLarge",
  414: "URITooLong",
  415: "UnsupportedMediaType",
  429: "TooManyRequests",
  431: "HeadersTooLarge",
};

const NO_STORE = { "cache-control": "no-store" };

/**
 * The one writer of error replies, `{ error: { code, message } }`. An HttpError is answered as it
 * says. Any other 4xx keeps its message (it describes the visitor's request) under a plain code; a
 * 5xx is a failure: logged, answered with a generic message (never a stack or SQL) and never
 * stored by a cache. A database out of reach is a 503 that clients may retry. On a route whose
 * config names an error page (the site's pages), a failure gets that page instead of JSON.
 */
export function errorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const isRaised = error instanceof HttpError;
  const answer = isRaised ? error : answerFor(error, request);
  reply.code(answer.statusCode).headers(answer.headers);
  const errorPage = !isRaised && answer.statusCode >= 500 && request.routeOptions.config.errorPage;
  if (errorPage) return reply.header("content-type", "text/html; charset=utf-8").send(errorPage);
  return reply.send({ error: { code: answer.code, message: answer.message } });
}

/** The reply for an error nobody raised on purpose; a failure (5xx) is logged here. */
function answerFor(error: FastifyError, request: FastifyRequest): HttpError {
  if (isDatabaseUnavailable(error)) {
    request.log.error({ err: error }, "database unavailable");
    return new HttpError(
      503,
      "ServiceUnavailable",
      "The content is not available right now; try again in a moment.",
      { "retry-after": "5", ...NO_STORE },
    );
  }
  const status =
    error.statusCode && error.statusCode >= 400 && error.statusCode < 600 ? error.statusCode : 500;
  if (status >= 500) {
    request.log.error({ err: error }, "request failed");
    return new HttpError(status, "ServerError", "Something went wrong on our side.", NO_STORE);
  }
  // Fastify's internal codes (FST_ERR_…) name its internals, not the visitor's problem.
  const code =
    error.code && !error.code.startsWith("FST_") ? error.code : (CODES[status] ?? "ClientError");
  return new HttpError(status, code, error.message);
}
