import type { FastifyReply, FastifyRequest } from "fastify";
import { chooseCoding, noneMatch } from "./negotiate.ts";
import type { Representation } from "./representation.ts";

/** Sends the coding the client accepts, or 304 when its If-None-Match names the reply. */
export function sendRepresentation(
  request: FastifyRequest,
  reply: FastifyReply,
  representation: Representation,
) {
  const variant = representation.variants[chooseCoding(request.headers["accept-encoding"])];
  if (
    representation.status === 200 &&
    noneMatch(request.headers["if-none-match"], representation.tags)
  ) {
    return reply.code(304).headers(variant.notModifiedHeaders).send();
  }
  return reply.code(representation.status).headers(variant.headers).send(variant.body);
}
