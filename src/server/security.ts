import helmet from "@fastify/helmet";
import rateLimit from "@fastify/rate-limit";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import type { Config } from "./config.ts";

/** Longest URL served; longer ones get 414 before any routing or parsing. */
export const MAX_URL_BYTES = 8 * 1024;

// Features the site never uses; clipboard-write stays allowed for "Copy link".
const PERMISSIONS_POLICY =
  "accelerometer=(), camera=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), payment=(), usb=(), interest-cohort=()";

/**
 * Security headers on every response (helmet), an optional rate limit, and the URL length
 * limit. Pages add their own script and style hashes to the CSP (see routes/pages.ts).
 */
export const security = fp(async (app: FastifyInstance, { config }: { config: Config }) => {
  app.addHook("onRequest", async (request, reply) => {
    if (request.url.length > MAX_URL_BYTES) {
      // The API's callers are often other sites' pages: they must be able to read the refusal.
      if (request.url.startsWith("/api/")) reply.header("access-control-allow-origin", "*");
      return reply.code(414).send({
        error: {
          code: "URITooLong",
          message: `The address is longer than ${MAX_URL_BYTES} bytes.`,
        },
      });
    }
  });

  await app.register(helmet, {
    global: true,
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'"],
        imgSrc: ["'self'", "data:"],
        fontSrc: ["'self'"],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'self'"],
        ...(config.HSTS ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    strictTransportSecurity: config.HSTS ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    crossOriginOpenerPolicy: { policy: "same-origin" },
    // The API and the embed bundle are read by other sites' pages.
    crossOriginResourcePolicy: { policy: "cross-origin" },
    crossOriginEmbedderPolicy: false,
  });
  app.addHook("onSend", async (_request, reply, payload) => {
    reply.header("permissions-policy", PERMISSIONS_POLICY);
    return payload;
  });

  if (config.RATE_LIMIT > 0) {
    await app.register(rateLimit, {
      max: config.RATE_LIMIT,
      timeWindow: "1 minute",
      errorResponseBuilder: (_request, context) =>
        Object.assign(
          new Error(`Too many requests; try again in ${Math.ceil(context.ttl / 1000)} s.`),
          {
            statusCode: 429,
            code: "TooManyRequests",
          },
        ),
    });
  }
});
