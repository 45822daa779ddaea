import type { FastifyError, FastifyReply, FastifyRequest } from "fastify";

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
 * plain code; a 5xx is logged and answered with a generic message, never a stack or SQL.
 */
export function errorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const status =
    error.statusCode && error.statusCode >= 400 && error.statusCode < 600 ? error.statusCode : 500;
  if (status >= 500) {
    request.log.error({ err: error }, "request failed");
    return reply
      .code(status)
      .send({ error: { code: "ServerError", message: "Something went wrong on our side." } });
  }
  // Fastify's internal codes (FST_ERR_…) name its internals, not the visitor's problem.
  const code =
    error.code && !error.code.startsWith("FST_") ? error.code : (CODES[status] ?? "ClientError");
  return reply.code(status).send({ error: { code, message: error.message } });
}
