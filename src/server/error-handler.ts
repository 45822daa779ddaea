import type { FastifyError, FastifyReply, FastifyRequest } from "fastify";
import { isDatabaseUnavailable } from "../db/errors.ts";

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

/**
 * One error handler: a 4xx keeps its message (it describes the visitor's request) under a
 * plain code; a 5xx is logged and answered with a generic message, never a stack or SQL, and is
 * never stored by a cache. A database out of reach is a 503 that clients may retry.
 */
export function errorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (isDatabaseUnavailable(error)) {
    request.log.error({ err: error }, "database unavailable");
    return reply
      .code(503)
      .headers({ "retry-after": "5", "cache-control": "no-store" })
      .send({
        error: {
          code: "ServiceUnavailable",
          message: "The content is not available right now; try again in a moment.",
        },
      });
  }
  const status =
    error.statusCode && error.statusCode >= 400 && error.statusCode < 600 ? error.statusCode : 500;
  if (status >= 500) {
    request.log.error({ err: error }, "request failed");
    return reply
      .code(status)
      .header("cache-control", "no-store")
      .send({ error: { code: "ServerError", message: "Something went wrong on our side." } });
  }
  // Fastify's internal codes (FST_ERR_…) name its internals, not the visitor's problem.
  const code =
    error.code && !error.code.startsWith("FST_") ? error.code : (CODES[status] ?? "ClientError");
  return reply.code(status).send({ error: { code, message: error.message } });
}
