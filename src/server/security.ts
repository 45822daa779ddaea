import type { IncomingMessage, ServerResponse } from "node:http";
import rateLimit from "@fastify/rate-limit";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import helmet from "helmet";
import type { Config } from "./config.ts";
import { HttpError } from "./http-error.ts";

/** Longest URL served; longer ones get 414 before any routing or parsing. */
export const MAX_URL_BYTES = 8 * 1024;

// Features the site never uses; clipboard-write stays allowed for "Copy link".
const PERMISSIONS_POLICY =
  "accelerometer=(), camera=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), payment=(), usb=(), interest-cohort=()";

/** Response headers by name (lower case), as a reply sends them. */
export type HeaderSet = Readonly<Record<string, string>>;

/** The security headers for a request to `url`: the site's, plus CORS for the API. */
export type SecurityHeadersFor = (url: string | undefined) => HeaderSet;

/**
 * The site's security headers, and CORS for the API: set by the hook below on every request
 * that reaches Fastify's hooks, and by app.ts on the replies Fastify makes before any hook runs
 * (an address with broken percent-encoding). Pages add their script and style hashes to the CSP
 * (see routes/pages.ts). Images come from this site alone: it holds a copy of every image its
 * content shows (src/images/), so no page loads one from Sitefinity or anywhere else.
 */
export function securityHeaders(config: Config): SecurityHeadersFor {
  const fromHelmet = headersSetBy(
    helmet({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'"],
          styleSrc: ["'self'"],
          imgSrc: ["'self'"],
          fontSrc: ["'self'"],
          connectSrc: ["'self'"],
          objectSrc: ["'none'"],
          baseUri: ["'self'"],
          formAction: ["'self'"],
          frameAncestors: ["'self'"],
          ...(config.HSTS ? { upgradeInsecureRequests: [] } : {}),
        },
      },
      strictTransportSecurity: config.HSTS
        ? { maxAge: 31_536_000, includeSubDomains: true }
        : false,
      referrerPolicy: { policy: "strict-origin-when-cross-origin" },
      crossOriginOpenerPolicy: { policy: "same-origin" },
      // The API and the embed bundle are read by other sites' pages.
      crossOriginResourcePolicy: { policy: "cross-origin" },
      crossOriginEmbedderPolicy: false,
    }),
  );
  const site: HeaderSet = Object.freeze({
    ...fromHelmet,
    "permissions-policy": PERMISSIONS_POLICY,
  });
  // The API's callers are often other sites' pages: they must be able to read every API reply,
  // refusals (400, 405, 414, 429, 503) included.
  const api: HeaderSet = Object.freeze({ ...site, "access-control-allow-origin": "*" });
  return (url) => (url?.startsWith("/api/") ? api : site);
}

/**
 * The headers a helmet middleware sets. With no nonce and no per-request directive, they depend
 * on its options alone, so helmet runs once at start, not per request: per request, it took
 * about 7% of the CPU a cached page took, to compute the same headers again.
 */
export function headersSetBy(
  middleware: (
    request: IncomingMessage,
    response: ServerResponse,
    next: (error?: unknown) => void,
  ) => void,
): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: unknown) {
      headers[name.toLowerCase()] = String(value);
      return response;
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  middleware({} as IncomingMessage, response as unknown as ServerResponse, (error) => {
    if (error) throw error;
  });
  return headers;
}

/**
 * Security headers first, so that every later refusal carries them (414 here, 429 from the rate
 * limit, 503 while shutting down); then the URL length limit and the optional rate limit.
 */
export const security = fp(
  async (
    app: FastifyInstance,
    { config, headersFor }: { config: Config; headersFor: SecurityHeadersFor },
  ) => {
    app.addHook("onRequest", (request, reply, done) => {
      reply.headers(headersFor(request.url));
      // Every reply names its request, so a visitor's report or a proxy's log finds its lines.
      reply.header("x-request-id", request.id);
      if (request.url.length > MAX_URL_BYTES)
        done(
          new HttpError(414, "URITooLong", `The address is longer than ${MAX_URL_BYTES} bytes.`),
        );
      else done();
    });

    if (config.RATE_LIMIT > 0) {
      await app.register(rateLimit, {
        max: config.RATE_LIMIT,
        timeWindow: "1 minute",
        errorResponseBuilder: (_request, context) =>
          new HttpError(
            429,
            "TooManyRequests",
            `Too many requests; try again in ${Math.ceil(context.ttl / 1000)} s.`,
          ),
      });
    }
  },
);
