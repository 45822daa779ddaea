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

/** What a request's log line says, beside its id. */
export interface RequestLine {
  method: string;
  url: string;
  /** The route's pattern, null when no route matched. */
  route: string | null;
  status: number;
  /** Milliseconds from the request to the reply, to a tenth. */
  ms: number;
}

/** The line for a request answered after `elapsedMs`. */
export function requestLine(
  method: string,
  url: string,
  route: string | null,
  status: number,
  elapsedMs: number,
): RequestLine {
  return { method, url, route, status, ms: Math.round(elapsedMs * 10) / 10 };
}

/** The message of every request's line, so one filter finds them all. */
export const REQUEST_MESSAGE = "request";

/**
 * One log line per request, written after the reply: its id (bound by the request's logger),
 * method, address, route pattern, status and time in milliseconds. Fastify's own controller
 * writes two lines a request ("incoming request", "request completed"), which doubled the cost
 * of logging on every request. Kept pages answered before Fastify write the same line
 * (page-front.ts).
 */
export class RequestLog extends LogController {
  override incomingRequest() {}

  /** An address no route knows is answered (and logged) like any other request. */
  override routeNotFound() {}

  override requestCompleted(error: Error | null, request: FastifyRequest, reply: FastifyReply) {
    const line = requestLine(
      request.method,
      request.url,
      request.routeOptions.url ?? null,
      reply.statusCode,
      reply.elapsedTime,
    );
    // A level that is off is a no-op in pino: a quiet route's line costs nothing at info.
    if (error) request.log.error({ ...line, err: error }, "request failed while sending");
    else if (request.routeOptions.config.isQuietLog) request.log.debug(line, REQUEST_MESSAGE);
    else request.log.info(line, REQUEST_MESSAGE);
  }
}

/** Marks every route registered in this plugin's context as quiet (see isQuietLog). */
export const quietRoutes = (app: FastifyInstance) =>
  app.addHook("onRoute", (route) => {
    route.config = { ...route.config, isQuietLog: true };
  });
