import type { IncomingMessage, ServerResponse } from "node:http";
import proxyAddr from "@fastify/proxy-addr";
import type { FastifyBaseLogger } from "fastify";
import type { Config } from "./config.ts";
import type { InFlight } from "./graceful.ts";
import type { Metrics } from "./metrics.ts";
import type { SecurityHeadersFor } from "./security.ts";

// What goes around every reply, whoever sends it: Fastify's routes, or the front that sends kept
// pages before Fastify (page-front.ts). The security headers and the request id it starts with,
// its place among the replies a shutdown waits for, and, once sent, its one log line (with the
// client's address, from X-Forwarded-For behind trusted proxies) and its count in the metrics.
// One home, so that the two paths cannot drift apart.

/** Whether the hop `hop` away, at `address`, is a proxy this site trusts (TRUST_PROXY). */
export type TrustProxy = (address: string, hop: number) => boolean;

/** TRUST_PROXY as a function: `true` every hop, a number that many hops, or addresses and ranges. */
export function trustProxy(setting: Config["TRUST_PROXY"]): TrustProxy | false {
  if (setting === false) return false;
  if (setting === true) return () => true;
  if (typeof setting === "number") return (_address, hop) => hop < setting;
  return proxyAddr.compile(setting);
}

/** What a request's log line says. */
export interface RequestLine {
  reqId: string;
  method: string;
  url: string;
  /** The route's pattern, null when no route matched. */
  route: string | null;
  status: number;
  /** Milliseconds from the request to the reply, to a tenth. */
  ms: number;
  /** The client's address: the connection's, or behind trusted proxies X-Forwarded-For's. */
  client: string | undefined;
}

/** The message of every request's line, so one filter finds them all. */
export const REQUEST_MESSAGE = "request";

export interface ReplyEnvelope {
  /** The headers every reply to `url` starts with (the security headers). */
  readonly headersFor: SecurityHeadersFor;
  /** The client's address for a request, as the log line names it. */
  clientOf(request: IncomingMessage): string | undefined;
  /** Counts `response` in flight until it closes: a shutdown waits for it. */
  track(response: ServerResponse): void;
  /** The request's one log line and its count, once its reply was sent. */
  record(
    log: FastifyBaseLogger,
    line: Omit<RequestLine, "ms">,
    elapsedMs: number,
    how?: { isQuiet?: boolean },
  ): void;
}

export function replyEnvelope(options: {
  headersFor: SecurityHeadersFor;
  inFlight: InFlight;
  metrics: Metrics;
  trust: TrustProxy | false;
}): ReplyEnvelope {
  const { headersFor, inFlight, metrics, trust } = options;
  return {
    headersFor,
    clientOf: (request) => (trust ? proxyAddr(request, trust) : request.socket.remoteAddress),
    track: (response) => inFlight.track(response),
    record(log, fields, elapsedMs, { isQuiet = false } = {}) {
      const line: RequestLine = { ...fields, ms: Math.round(elapsedMs * 10) / 10 };
      const { method, route, status } = line;
      metrics.reply({ method, route: route ?? "(none)", status: String(status) }, elapsedMs / 1000);
      // A level that is off is a no-op in pino: a quiet route's line costs nothing at info.
      if (isQuiet) log.debug(line, REQUEST_MESSAGE);
      else log.info(line, REQUEST_MESSAGE);
    },
  };
}
