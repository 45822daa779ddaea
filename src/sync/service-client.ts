import { setTimeout as sleep } from "node:timers/promises";
import type { Item } from "./map-items.ts";

// The sync's client for a Sitefinity web service: GET only, JSON only. Each request has a
// timeout (covering the body too), and a request that fails for a moment (no answer, a 5xx, a
// 429) is tried again a few times with a growing pause. The access key goes in X-SF-Access-Key
// on every request and nowhere else: no message names it, and redirects are not followed,
// because fetch would carry the header to wherever the redirect points.

/** A failure of the sync that its caller reports in one line (no stack, never the key). */
export class SyncError extends Error {
  override name = "SyncError";
  /** The service's status when it refused a request (404: no such set), else undefined. */
  readonly status?: number;
  constructor(message: string, { status }: { status?: number } = {}) {
    super(message);
    this.status = status;
  }
}

export interface ClientOptions {
  /** The web service root, without a trailing slash. */
  service: string;
  /** The access key (SITEFINITY_ACCESS_KEY); anonymous when absent. */
  accessKey?: string;
  /** How long one request (headers and body) may take. */
  timeoutMs?: number;
  /** How many times a failed request is tried again. */
  retries?: number;
  /** The first pause before trying again; each next one is twice as long. */
  backoffMs?: number;
  /** Stops every request (a shutting-down server). */
  signal?: AbortSignal;
}

export interface ServiceClient {
  /** Requests sent so far, retries included. */
  readonly requests: number;
  /** Every row of a set for these query options, across the service's pages. */
  list(set: string, query: Readonly<Record<string, string>>): Promise<Item[]>;
  /** One item of a set by its key (a GUID: `contentitems(<id>)`); a 404 when the set lacks it. */
  item(set: string, id: string, query: Readonly<Record<string, string>>): Promise<Item>;
}

/** The longest query address sent; IIS refuses a query string over 2,048 characters by default. */
export const MAX_URL_LENGTH = 2000;

/** A query option's value as it goes in an address; `$`, `,` and spaces stay readable to OData. */
const encode = (value: string) =>
  encodeURIComponent(value).replace(/%24/g, "$").replace(/%2C/gi, ",");

/** The address of a set with query options. */
export function setUrl(service: string, set: string, query: Readonly<Record<string, string>>) {
  const options = Object.entries(query).map(([name, value]) => `${name}=${encode(value)}`);
  return `${service}/${encodeURIComponent(set)}${options.length ? `?${options.join("&")}` : ""}`;
}

/** An address as a message shows it: long `$filter`s cut short. */
const shown = (url: string) => (url.length > 160 ? `${url.slice(0, 157)}…` : url);

function refusal(status: number, url: string, hasKey: boolean): SyncError {
  const what = `the web service answered ${status} ${status === 401 ? "Unauthorized" : "Forbidden"} for ${shown(url)}`;
  if (status === 403)
    return new SyncError(
      `${what}: the user whose key is in SITEFINITY_ACCESS_KEY may not read it (give that user permission to view it in Sitefinity)`,
    );
  return new SyncError(
    hasKey
      ? `${what}: the key in SITEFINITY_ACCESS_KEY was not accepted (generate a new one for the sync's user)`
      : `${what}: set SITEFINITY_ACCESS_KEY to the access key of a Sitefinity user who may read it`,
  );
}

/** Reads a service error's message (`{"error": {"message"}}`) when there is one. */
async function errorMessage(response: Response): Promise<string> {
  try {
    const body = (await response.json()) as { error?: { message?: unknown } };
    return typeof body.error?.message === "string" ? `: ${body.error.message.slice(0, 300)}` : "";
  } catch {
    return "";
  }
}

/** Why a request got no usable answer, for the message after the last try. */
function failureOf(error: unknown, timeoutMs: number): string {
  if (error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError"))
    return `no answer within ${timeoutMs / 1000} s`;
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  return `could not be reached (${cause?.code ?? cause?.message ?? String(error)})`;
}

/**
 * A client of the firm's web service: JSON GETs with the access key, a timeout and retries with
 * growing pauses, lists that follow `@odata.nextLink`, and a count of the requests it made.
 */
export function createServiceClient(options: ClientOptions): ServiceClient {
  const { timeoutMs = 30_000, retries = 3, backoffMs = 1000 } = options;
  const headers: Record<string, string> = { accept: "application/json" };
  if (options.accessKey) headers["x-sf-access-key"] = options.accessKey;
  const outer = options.signal ?? new AbortController().signal;
  let requests = 0;

  async function getJson(url: string): Promise<Record<string, unknown>> {
    for (let attempt = 0; ; attempt++) {
      let problem: string;
      let wait = backoffMs * 2 ** attempt;
      requests++;
      try {
        const response = await fetch(url, {
          headers,
          redirect: "manual",
          signal: AbortSignal.any([outer, AbortSignal.timeout(timeoutMs)]),
        });
        if (response.ok) {
          const body: unknown = await response.json().catch((error: unknown) => {
            if (error instanceof SyntaxError)
              throw new SyncError(`${shown(url)} answered with something that is not JSON`);
            throw error;
          });
          if (typeof body !== "object" || body === null || Array.isArray(body))
            throw new SyncError(`${shown(url)} answered with JSON that is not an OData reply`);
          return body as Record<string, unknown>;
        }
        if (response.status === 401 || response.status === 403)
          throw refusal(response.status, url, options.accessKey !== undefined);
        if (response.status >= 300 && response.status < 400)
          throw new SyncError(
            `${shown(url)} answered ${response.status}, a redirect to ${response.headers.get("location") ?? "nowhere"}: set "service" to the address it redirects to`,
          );
        if (response.status !== 429 && response.status < 500)
          throw new SyncError(
            `${shown(url)} answered ${response.status}${await errorMessage(response)}`,
            { status: response.status },
          );
        problem = `answered ${response.status}`;
        const retryAfter = Number(response.headers.get("retry-after"));
        if (retryAfter > 0) wait = Math.max(wait, Math.min(retryAfter, 60) * 1000);
        await response.body?.cancel();
      } catch (error) {
        if (error instanceof SyncError || outer.aborted) throw error;
        problem = failureOf(error, timeoutMs);
      }
      if (attempt >= retries)
        throw new SyncError(
          `the web service ${problem} for ${shown(url)} (tried ${attempt + 1} times); nothing was changed`,
        );
      await sleep(wait, undefined, { signal: outer });
    }
  }

  /** The next page's address: the service's nextLink, which must stay under the service. */
  function nextLink(link: unknown, current: string): string | null {
    if (typeof link !== "string") return null;
    const next = new URL(link, current);
    const root = new URL(options.service);
    if (next.origin !== root.origin || !next.pathname.startsWith(`${root.pathname}/`))
      throw new SyncError(`${shown(current)} sent a next page outside the web service: ${link}`);
    return next.href;
  }

  return {
    get requests() {
      return requests;
    },
    async item(set, id, query) {
      const url = setUrl(options.service, set, query).replace(
        /^([^?]*)/,
        (path) => `${path}(${encodeURIComponent(id)})`,
      );
      const item = await getJson(url);
      delete item["@odata.context"];
      return item;
    },
    async list(set, query) {
      const rows: Item[] = [];
      const seen = new Set<string>();
      let total: number | undefined;
      let url: string | null = setUrl(options.service, set, { ...query, $count: "true" });
      while (url !== null) {
        if (seen.has(url)) throw new SyncError(`${shown(url)}: the service's pages loop back`);
        seen.add(url);
        const body = await getJson(url);
        if (!Array.isArray(body.value))
          throw new SyncError(`${shown(url)} answered without a list of items ("value")`);
        if (total === undefined && typeof body["@odata.count"] === "number")
          total = body["@odata.count"];
        rows.push(...(body.value as Item[]));
        url = nextLink(body["@odata.nextLink"], url);
        // A service that stops short of its own count without a next page is asked for the rest.
        if (url === null && total !== undefined && rows.length < total && body.value.length > 0)
          url = setUrl(options.service, set, { ...query, $count: "true", $skip: `${rows.length}` });
      }
      return rows;
    },
  };
}
