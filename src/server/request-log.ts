import {
  LogController,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
} from "fastify";
import type { ReplyEnvelope } from "./reply-envelope.ts";

declare module "fastify" {
  interface FastifyContextConfig {
    /** Routes that answer machines (probes, static files) log their requests at debug only. */
    isQuietLog?: boolean;
  }
}

/**
 * Fastify's own request lines are off: the reply envelope (reply-envelope.ts) writes one line per
 * request after its reply, for Fastify's replies (its onResponse hook, below) and the front's
 * alike. Fastify's controller wrote two lines a request ("incoming request", "request completed"),
 * which doubled the cost of logging on every request. A reply that failed while being sent is
 * logged here, as an error, since only the controller hears of it.
 */
export class RequestLog extends LogController {
  override incomingRequest() {}

  /** An address no route knows is answered (and logged) like any other request. */
  override routeNotFound() {}

  override requestCompleted(error: Error | null, request: FastifyRequest, reply: FastifyReply) {
    if (error)
      request.log.error(
        { url: request.url, status: reply.statusCode, err: error },
        "request failed while sending",
      );
  }
}

/** Writes every Fastify reply's line and count through the envelope, once it was sent. */
export const envelopeHooks = (app: FastifyInstance, envelope: ReplyEnvelope) =>
  app.addHook("onResponse", (request, reply, done) => {
    envelope.record(
      app.log,
      {
        reqId: request.id,
        method: request.method,
        url: request.url,
        route: request.routeOptions.url ?? null,
        status: reply.statusCode,
        client: request.ip,
      },
      reply.elapsedTime,
      { isQuiet: request.routeOptions.config.isQuietLog },
    );
    done();
  });

/** Marks every route registered in this plugin's context as quiet (see isQuietLog). */
export const quietRoutes = (app: FastifyInstance) =>
  app.addHook("onRoute", (route) => {
    route.config = { ...route.config, isQuietLog: true };
  });
