import type { FastifyReply, FastifyRequest } from "fastify";
import { chooseCoding, noneMatch } from "./negotiate.ts";
import type { Representation, Variant } from "./representation.ts";

/** What to answer a request with: the coding it accepts, or a 304 when it holds that reply. */
export interface NegotiatedReply {
  readonly status: number;
  readonly variant: Variant;
  /** Whether the client's If-None-Match names the reply: a 304 with no body. */
  readonly notModified: boolean;
}

/** The answer to a request carrying these `Accept-Encoding` and `If-None-Match` headers. */
export function negotiateReply(
  representation: Representation,
  acceptEncoding: string | undefined,
  ifNoneMatch: string | undefined,
): NegotiatedReply {
  const variant = representation.variants[chooseCoding(acceptEncoding)];
  const notModified = representation.status === 200 && noneMatch(ifNoneMatch, representation.tags);
  return { status: notModified ? 304 : representation.status, variant, notModified };
}

/** Sends the coding the client accepts, or 304 when its If-None-Match names the reply. */
export function sendRepresentation(
  request: FastifyRequest,
  reply: FastifyReply,
  representation: Representation,
) {
  const { status, variant, notModified } = negotiateReply(
    representation,
    request.headers["accept-encoding"],
    request.headers["if-none-match"],
  );
  if (notModified) return reply.code(status).headers(variant.notModifiedHeaders).send();
  return reply.code(status).headers(variant.headers).send(variant.body);
}
