import { readFile, stat } from "node:fs/promises";
import { isAbsolute, relative, resolve } from "node:path";

// Brings an image's bytes from its address, with limits that a hostile or broken server cannot
// get past: a byte cap counted on the stream (a Content-Length may lie, or be absent), a time
// limit on the whole exchange, redirects followed by hand so that each hop's origin is checked,
// and a 404 (or any status but 200) refused. An address is an http(s) URL (Sitefinity's, with its
// `?sfvrsn=`), or, for a content file that ships its images beside it, a path relative to that
// file's folder that never leaves it.

/** The largest image taken in. */
export const MAX_IMAGE_BYTES = 20 * 1024 * 1024;
/** How long fetching one image may take, answer and body. */
export const FETCH_TIMEOUT_MS = 15_000;
const MAX_REDIRECTS = 3;

/** An image's bytes, or why they could not be had, in words for the log. */
export type Loaded = { ok: true; bytes: Buffer } | { ok: false; reason: string };

/** Where images may come from. */
export interface LoaderOptions {
  /** The folder that relative addresses are read from (the content file's); none: refused. */
  folder?: string;
  /** The origins (`https://cms.firm.example`) URLs may be fetched from; "any" for every one. */
  origins: readonly string[] | "any";
  timeoutMs?: number;
  maxBytes?: number;
  /** Stops every fetch in flight (the site is shutting down). */
  signal?: AbortSignal;
}

/** Loads one address. */
export type ImageLoader = (address: string) => Promise<Loaded>;

const refuse = (reason: string): Loaded => ({ ok: false, reason });
const megabytes = (bytes: number) => `${Math.round(bytes / (1024 * 1024))} MB`;

/** Whether an address is an http(s) URL (not a path beside a content file). */
export const isUrlAddress = (address: string): boolean => /^https?:\/\//i.test(address);

/** Whether an address is one the site holds: an http(s) URL or a relative path. */
export function isImageAddress(address: string): boolean {
  return /^https?:\/\//i.test(address) || isRelativePath(address);
}

/** A relative path without scheme, leading slash, backslash or `..` segment. */
function isRelativePath(address: string): boolean {
  return (
    address !== "" &&
    !/^[a-z][a-z0-9+.-]*:/i.test(address) &&
    !address.startsWith("/") &&
    !address.includes("\\") &&
    !address.split("/").includes("..")
  );
}

/** A loader for addresses, with the limits above. */
export function imageLoader(options: LoaderOptions): ImageLoader {
  const limits = {
    timeoutMs: options.timeoutMs ?? FETCH_TIMEOUT_MS,
    maxBytes: options.maxBytes ?? MAX_IMAGE_BYTES,
  };
  return async (address) => {
    if (isUrlAddress(address)) return fetchImage(address, { ...options, ...limits });
    if (!isRelativePath(address))
      return refuse("it is neither an http(s) URL nor a path inside the content file's folder");
    if (options.folder === undefined)
      return refuse("it is a relative path, and no content file's folder was given");
    return readLocal(options.folder, address, limits.maxBytes);
  };
}

async function readLocal(folder: string, address: string, maxBytes: number): Promise<Loaded> {
  const path = resolve(folder, address);
  const inside = relative(resolve(folder), path);
  if (inside.startsWith("..") || isAbsolute(inside))
    return refuse("it is outside the content file's folder");
  try {
    const { size, isFile } = await stat(path).then((s) => ({ size: s.size, isFile: s.isFile() }));
    if (!isFile) return refuse("it is not a file");
    if (size > maxBytes) return refuse(`it is larger than ${megabytes(maxBytes)}`);
    return { ok: true, bytes: await readFile(path) };
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return refuse(
      code === "ENOENT" ? "no such file beside the content file" : `it cannot be read (${code})`,
    );
  }
}

/** Thrown by a fetch that failed below HTTP (a connection reset): worth one more try. */
class NetworkError extends Error {}

async function fetchImage(
  address: string,
  options: LoaderOptions & { timeoutMs: number; maxBytes: number },
): Promise<Loaded> {
  // A kept-alive connection the server closed as it was reused fails at once: one more try on a
  // fresh one. An answer (404, too big, not an image) is never asked for again.
  const first = await fetchOnce(address, options);
  return first instanceof NetworkError ? await fetchOnce(address, options).then(asLoaded) : first;
}

const asLoaded = (result: Loaded | NetworkError): Loaded =>
  result instanceof NetworkError ? refuse(result.message) : result;

async function fetchOnce(
  address: string,
  options: LoaderOptions & { timeoutMs: number; maxBytes: number },
): Promise<Loaded | NetworkError> {
  const timeout = AbortSignal.timeout(options.timeoutMs);
  const signal = options.signal ? AbortSignal.any([timeout, options.signal]) : timeout;
  let url = new URL(address);
  try {
    for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
      if (options.origins !== "any" && !options.origins.includes(url.origin))
        return refuse(`it is on ${url.origin}, not on ${options.origins.join(" or ")}`);
      const response = await fetch(url, {
        redirect: "manual",
        signal,
        headers: { accept: "image/avif,image/webp,image/png,image/jpeg,image/gif" },
      });
      const location = response.headers.get("location");
      if (response.status >= 300 && response.status < 400 && location !== null) {
        await response.body?.cancel();
        url = new URL(location, url);
        continue;
      }
      if (response.status !== 200) {
        await response.body?.cancel();
        return refuse(`it answered ${response.status} ${response.statusText}`.trimEnd());
      }
      return await readCapped(response, options.maxBytes);
    }
    return refuse(`it redirected more than ${MAX_REDIRECTS} times`);
  } catch (error) {
    if (timeout.aborted) return refuse(`it did not arrive within ${options.timeoutMs / 1000} s`);
    if (options.signal?.aborted) return refuse("the sync was stopped");
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    return new NetworkError(
      `it could not be fetched (${cause?.code ?? cause?.message ?? String(error)})`,
    );
  }
}

/** The body, unless it is longer than `maxBytes`: then reading stops there and it is refused. */
async function readCapped(response: Response, maxBytes: number): Promise<Loaded> {
  const tooBig = refuse(`it is larger than ${megabytes(maxBytes)}`);
  const declared = Number(response.headers.get("content-length") ?? "0");
  if (declared > maxBytes) {
    await response.body?.cancel();
    return tooBig;
  }
  const chunks: Uint8Array[] = [];
  let total = 0;
  // Leaving the loop early cancels the stream: the rest is never downloaded.
  for await (const chunk of response.body ?? []) {
    total += chunk.byteLength;
    if (total > maxBytes) break;
    chunks.push(chunk);
  }
  return total > maxBytes ? tooBig : { ok: true, bytes: Buffer.concat(chunks) };
}
