import { hash, timingSafeEqual } from "node:crypto";
import type { FastifyPluginAsync, FastifyRequest } from "fastify";
import { Counter } from "prom-client";
import { noticeTarget, readHookPayload } from "../../sync/hook-notice.ts";
import type { SyncSettings } from "../../sync/settings.ts";
import { HttpError } from "../http-error.ts";
import type { ItemQueue } from "./item-queue.ts";

/** Where Sitefinity's service hooks POST (docs/sitefinity.md). */
export const HOOK_PATH = "/hooks/sitefinity";

/** The largest hook body taken, as decoded too; Sitefinity's payloads are a few kilobytes. */
export const MAX_HOOK_BYTES = 64 * 1024;

/** Content codings named in the refused-encodings metric; any other counts as "other". */
const NAMED_CODINGS = new Set(["br", "deflate", "zstd", "compress", "aes128gcm"]);

/**
 * The body's Content-Encoding as the compression plugin compares it: a coding's name is
 * case-insensitive, and `x-gzip` is gzip (RFC 9110, 8.4.1).
 */
function codingOf(header: string | undefined): string | undefined {
  const coding = header?.trim().toLowerCase();
  return coding === "x-gzip" ? "gzip" : coding;
}

const NO_STORE = { "cache-control": "no-store" };

/** The answer while hooks are off: the address does not exist. */
const notSetUp = () =>
  new HttpError(404, "NotFound", "Service hooks are not set up on this site.", NO_STORE);

/** What the endpoint needs when it is on. */
export interface HookOptions {
  user: string;
  password: string;
  settings: SyncSettings;
  queue: ItemQueue;
}

/**
 * Compares digests in constant time, so the answer's timing tells neither how much of a secret
 * matched nor how long it is.
 */
function isSame(given: string, expected: string): boolean {
  return timingSafeEqual(hash("sha256", given, "buffer"), hash("sha256", expected, "buffer"));
}

/** Whether the request carries the hook's Basic credentials. */
function isAuthorised(request: FastifyRequest, { user, password }: HookOptions): boolean {
  // The scheme's name is case-insensitive (RFC 9110).
  const match = /^basic ([A-Za-z0-9+/=]{1,1024})$/i.exec(request.headers.authorization ?? "");
  if (!match) return false;
  const decoded = Buffer.from(match[1]!, "base64").toString("utf8");
  const colon = decoded.indexOf(":");
  // Both compared, always, so a right user name with a wrong password takes as long as neither.
  const isUser = isSame(decoded.slice(0, Math.max(colon, 0)), user);
  const isPassword = isSame(decoded.slice(colon + 1), password);
  return colon >= 0 && isUser && isPassword;
}

/**
 * `POST /hooks/sitefinity`: a Sitefinity service hook says that an item was published,
 * unpublished or deleted. The endpoint checks the Basic credentials before it reads the body,
 * takes at most MAX_HOOK_BYTES of JSON in Sitefinity's payload shape, as sent or gzip-encoded
 * (MAX_HOOK_BYTES decoded as well: a small gzip bomb is 413; another coding is 415, counted),
 * hands the item to the queue
 * and answers 202 at once: it never waits for the sync. A hook for an item type the site does
 * not sync is answered 202 too, and ignored. Every reply is no-store; refusals have the API's
 * error shape; neither the credentials nor the body are logged. Without `hooks` (SYNC_SETTINGS,
 * SYNC_HOOK_USER and SYNC_HOOK_PASSWORD unset) the address does not exist: 404.
 */
export const hookRoutes: FastifyPluginAsync<{ hooks?: HookOptions }> = async (app, { hooks }) => {
  // The body as bytes whatever its declared type: JSON or not is this route's to say (400).
  // Every reply, refusals by Fastify itself included (413), is for this request alone.
  app.addHook("onRequest", async (_request, reply) => {
    reply.header("cache-control", "no-store");
  });
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    "*",
    { parseAs: "buffer", bodyLimit: MAX_HOOK_BYTES },
    (_r, body, done) => done(null, body),
  );
  const refusedCodings = hooks
    ? new Counter({
        name: "site_hook_refused_encodings_total",
        help: "Hook bodies refused (415) for their Content-Encoding, by coding (other: unnamed ones).",
        labelNames: ["encoding"] as const,
        registers: [app.metrics.registry],
      })
    : null;
  // The address takes POST alone; other methods are told so (not the pages' GET and HEAD).
  const notPost = async () => {
    if (!hooks) throw notSetUp();
    throw new HttpError(405, "MethodNotAllowed", "Service hooks are POSTed here.", {
      ...NO_STORE,
      allow: "POST",
    });
  };
  app.route({
    method: ["GET", "HEAD", "PUT", "PATCH", "DELETE", "OPTIONS"],
    url: HOOK_PATH,
    onRequest: notPost,
    handler: notPost,
  });
  app.post(HOOK_PATH, {
    bodyLimit: MAX_HOOK_BYTES,
    // Sitefinity sends a burst of hooks from one address when editors publish many items at
    // once: RATE_LIMIT is for visitors. A guess at the password (16 characters at least) is
    // refused before anything is read.
    config: { rateLimit: false },
    // Gzip is decoded as the body streams in, so the body limit counts the decoded bytes.
    decompress: {
      requestEncodings: ["gzip", "identity"],
      onUnsupportedRequestEncoding: (coding) => {
        refusedCodings?.inc({ encoding: NAMED_CODINGS.has(coding) ? coding : "other" });
        return new HttpError(
          415,
          "UnsupportedMediaType",
          "The body's Content-Encoding is not taken: send the body as it is, or gzip-encoded.",
          { ...NO_STORE, "accept-encoding": "gzip" },
        );
      },
    },
    // Refused before the body is read.
    onRequest: async (request) => {
      if (!hooks) throw notSetUp();
      if (!isAuthorised(request, hooks))
        throw new HttpError(401, "Unauthorized", "The hook's credentials are missing or wrong.", {
          ...NO_STORE,
          "www-authenticate": 'Basic realm="Sitefinity service hooks", charset="UTF-8"',
        });
      const coding = codingOf(request.headers["content-encoding"]);
      if (coding !== undefined) request.headers["content-encoding"] = coding;
    },
    handler: async (request, reply) => {
      const { settings, queue } = hooks!;
      let body: unknown;
      try {
        body = JSON.parse((request.body as Buffer | undefined)?.toString("utf8") ?? "");
      } catch {
        throw new HttpError(400, "BadRequest", "The body is not JSON.", NO_STORE);
      }
      const read = readHookPayload(body);
      if (!read.ok)
        throw new HttpError(
          400,
          "BadRequest",
          `The body is not a Sitefinity service hook's payload: ${read.problem}`,
          NO_STORE,
        );
      const { notice } = read;
      const target = noticeTarget(settings, notice.itemType);
      if (target === "ignored") {
        request.log.info(
          { itemType: notice.itemType },
          "hook for an item type the site does not sync: ignored",
        );
        return reply.code(202).headers(NO_STORE).send({ status: "ignored" });
      }
      queue.add(notice);
      return reply.code(202).headers(NO_STORE).send({ status: "accepted" });
    },
  });
};
