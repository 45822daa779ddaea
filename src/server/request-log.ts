import {
  LogController,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
} from "fastify";

declare module "fastify" {
  interface FastifyContextConfig {
    /** Routes that answer machines (probes, static files) log their requests at debug only. */
    isQuietLog?: boolean;
  }
}

/**
 * One log line per request, written after the reply: its id (bound by the request's logger),
 * method, address, route pattern, status and time in milliseconds. Fastify's own controller
 * writes two lines a request ("incoming request", "request completed"), which doubled the cost
 * of logging (issue 23).
 */
export class RequestLog extends LogController {
  override incomingRequest() {}

  /** An address no route knows is answered (and logged) like any other request. */
  override routeNotFound() {}

  override requestCompleted(error: Error | null, request: FastifyRequest, reply: FastifyReply) {
    const fields = {
      method: request.method,
      url: request.url,
      route: request.routeOptions.url ?? null,
      status: reply.statusCode,
      ms: Math.round(reply.elapsedTime * 10) / 10,
    };
    // A level that is off is a no-op in pino: a quiet route's line costs nothing at info.
    if (error) request.log.error({ ...fields, err: error }, "request failed while sending");
    else if (request.routeOptions.config.isQuietLog) request.log.debug(fields, "request");
    else request.log.info(fields, "request");
  }
}

/** Marks every route registered in this plugin's context as quiet (see isQuietLog). */
export const quietRoutes = (app: FastifyInstance) =>
  app.addHook("onRoute", (route) => {
    route.config = { ...route.config, isQuietLog: true };
  });
