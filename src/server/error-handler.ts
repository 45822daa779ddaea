import type { FastifyError, FastifyReply, FastifyRequest } from "fastify";

/**
 * One error handler: a 4xx keeps its message (it describes the visitor's request);
 * a 5xx is logged and answered with a generic message, never a stack or SQL.
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
  return reply
    .code(status)
    .send({ error: { code: error.code ?? "BadRequest", message: error.message } });
}
