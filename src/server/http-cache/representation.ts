import { hash } from "node:crypto";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import type { Coding } from "./negotiate.ts";

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Bodies smaller than this go out uncompressed (as @fastify/compress's threshold). */
const COMPRESS_FROM = 1024;

/** One coding of a reply: its bytes and every header it goes out with. */
export interface Variant {
  readonly body: Buffer;
  readonly headers: Readonly<Record<string, string>>;
  readonly notModifiedHeaders: Readonly<Record<string, string>>;
}

/** A reply body in every coding, computed once and then sent as is (no per-request work). */
export interface Representation {
  readonly status: number;
  readonly bytes: number;
  /** The strong ETags of the codings; each coding has its own, as its bytes differ. */
  readonly tags: readonly string[];
  readonly variants: Readonly<Record<Coding, Variant>>;
}

/**
 * Encodes, compresses (br and gzip in parallel, off the event loop) and tags a body. `headers`
 * go out with every coding (content-type, cache-control…); a 304 repeats all but content-type.
 * A reply made for one request only (`only`: the coding that request takes) is compressed in
 * that coding alone, the others standing in as the identity: for a search page, compressing
 * in codings nobody would receive was a tenth of its time.
 */
export async function represent(
  content: string | Buffer,
  headers: Readonly<Record<string, string>>,
  status = 200,
  only?: Coding,
): Promise<Representation> {
  const identity = typeof content === "string" ? Buffer.from(content, "utf8") : content;
  const tag = hash("sha256", identity, "base64url").slice(0, 32);
  const plain = variant(identity, headers, `"${tag}"`, undefined);
  if (identity.length < COMPRESS_FROM) {
    return {
      status,
      bytes: identity.length,
      tags: [`"${tag}"`],
      variants: { identity: plain, br: plain, gzip: plain },
    };
  }
  const wants = (coding: Coding) => only === undefined || only === coding;
  const [br, gz] = await Promise.all([
    wants("br")
      ? brotli(identity, {
          params: {
            [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
            [constants.BROTLI_PARAM_QUALITY]: 5,
            [constants.BROTLI_PARAM_SIZE_HINT]: identity.length,
          },
        })
      : null,
    wants("gzip") ? gzipAsync(identity, { level: 6 }) : null,
  ]);
  return {
    status,
    bytes: identity.length + (br?.length ?? 0) + (gz?.length ?? 0),
    tags: [`"${tag}"`, ...(br ? [`"${tag}-br"`] : []), ...(gz ? [`"${tag}-gz"`] : [])],
    variants: {
      identity: plain,
      br: br ? variant(br, headers, `"${tag}-br"`, "br") : plain,
      gzip: gz ? variant(gz, headers, `"${tag}-gz"`, "gzip") : plain,
    },
  };
}

function variant(
  body: Buffer,
  headers: Readonly<Record<string, string>>,
  etag: string,
  coding: string | undefined,
): Variant {
  const { "content-type": contentType, ...rest } = headers;
  const notModifiedHeaders = { ...rest, etag, vary: "Accept-Encoding" };
  const all: Record<string, string> = { ...notModifiedHeaders };
  if (contentType !== undefined) all["content-type"] = contentType;
  if (coding !== undefined) all["content-encoding"] = coding;
  return { body, headers: all, notModifiedHeaders };
}
