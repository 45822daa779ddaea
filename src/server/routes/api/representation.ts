import { hash } from "node:crypto";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import type { Coding } from "./negotiate.ts";

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Bodies smaller than this go out uncompressed (as @fastify/compress's threshold). */
const COMPRESS_FROM = 1024;

/** Sent with every API reply that carries data (and with its 304). */
export const CACHE_CONTROL = "public, max-age=60, stale-while-revalidate=600";

/** One coding of a reply: its bytes and every header it goes out with. */
export interface Variant {
  readonly body: Buffer;
  readonly headers: Readonly<Record<string, string>>;
  readonly notModifiedHeaders: Readonly<Record<string, string>>;
}

/** A reply body in every coding, computed once and then sent as is (no per-request work). */
export interface Representation {
  readonly bytes: number;
  /** The strong ETags of the codings; each coding has its own, as its bytes differ. */
  readonly tags: readonly string[];
  readonly variants: Readonly<Record<Coding, Variant>>;
}

/** Encodes, compresses (br and gzip in parallel, off the event loop) and tags a body. */
export async function represent(text: string, contentType: string): Promise<Representation> {
  const identity = Buffer.from(text, "utf8");
  const tag = hash("sha256", identity, "base64url").slice(0, 32);
  const plain = variant(identity, contentType, `"${tag}"`, undefined);
  if (identity.length < COMPRESS_FROM) {
    return {
      bytes: identity.length,
      tags: [`"${tag}"`],
      variants: { identity: plain, br: plain, gzip: plain },
    };
  }
  const [br, gz] = await Promise.all([
    brotli(identity, {
      params: {
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_QUALITY]: 5,
        [constants.BROTLI_PARAM_SIZE_HINT]: identity.length,
      },
    }),
    gzipAsync(identity, { level: 6 }),
  ]);
  const variants = {
    identity: plain,
    br: variant(br, contentType, `"${tag}-br"`, "br"),
    gzip: variant(gz, contentType, `"${tag}-gz"`, "gzip"),
  };
  return {
    bytes: identity.length + br.length + gz.length,
    tags: [`"${tag}"`, `"${tag}-br"`, `"${tag}-gz"`],
    variants,
  };
}

function variant(
  body: Buffer,
  contentType: string,
  etag: string,
  coding: string | undefined,
): Variant {
  const notModifiedHeaders = {
    etag,
    "cache-control": CACHE_CONTROL,
    vary: "Accept-Encoding",
    "access-control-allow-origin": "*",
    "access-control-expose-headers": "ETag",
  };
  const headers: Record<string, string> = { ...notModifiedHeaders, "content-type": contentType };
  if (coding !== undefined) headers["content-encoding"] = coding;
  return { body, headers, notModifiedHeaders };
}
