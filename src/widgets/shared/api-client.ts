import { findTaxonomy, isGuid } from "../../rules/taxonomies.ts";

/** The API's list body: `{"value": [...], "@odata.nextLink"?: url}` (OData / Sitefinity web services). */
export interface ODataList<T> {
  value: T[];
  "@odata.nextLink"?: string;
}

/**
 * A failed call: `message` is fit to show a visitor; `detail` tells the site's web team what
 * happened and what to check, for the console.
 */
export class ApiError extends Error {
  override name = "ApiError";
  readonly detail: string;

  constructor(message: string, detail = message) {
    super(message);
    this.detail = detail;
  }
}

const DEFAULT_TIMEOUT_MS = 15_000;
/** Most pages followed through `@odata.nextLink` (10,000 rows each on our API, 50 on some). */
const MAX_PAGES = 1000;

export interface FetchListOptions {
  signal?: AbortSignal;
  timeoutMs?: number;
  /** The web service root: a next link is followed only when it points under it. */
  within: string;
  /** What sends each request: the browser's fetch, or the site's record asking the site itself. */
  fetcher?: typeof fetch;
}

/**
 * GETs an OData list and returns its `value`, following `@odata.nextLink` while it points under
 * the web service root, whatever that root's origin, and stopping with an error rather than
 * going round in a loop. Fails with an ApiError on a network error or a blocked cross-origin
 * request, a timeout (for the whole list), a refused anonymous call (401/403), a missing service
 * or set (404), another error status, a body that is not JSON, or an error body (`{"error":
 * {"message"}}` from OData, `{"Message"}` from Sitefinity/ASP.NET). An abort by the caller
 * rethrows the AbortError untouched.
 */
export async function fetchList<T>(
  url: string,
  { signal, timeoutMs = DEFAULT_TIMEOUT_MS, within, fetcher = fetch }: FetchListOptions,
): Promise<T[]> {
  const timeout = AbortSignal.timeout(timeoutMs);
  const combined = signal ? AbortSignal.any([signal, timeout]) : timeout;
  const fail = (message: string, detail?: string): never => {
    if (signal?.aborted) throw signal.reason ?? new DOMException("Aborted", "AbortError");
    if (timeout.aborted)
      throw new ApiError(
        "The server took too long to answer.",
        `GET ${url} took over ${timeoutMs / 1000} s`,
      );
    throw new ApiError(message, detail);
  };
  const rows: T[] = [];
  const seen = new Set<string>();
  let next: string | undefined = new URL(url, globalThis.location?.href).href;
  while (next !== undefined) {
    if (seen.has(next))
      fail(
        "The server sent an answer in an unexpected shape.",
        `${next} links back to a page already read`,
      );
    if (seen.size === MAX_PAGES)
      fail("The list is too long to show.", `${url} has more than ${MAX_PAGES} pages`);
    seen.add(next);
    const body = await fetchPage(next, combined, fail, fetcher);
    const link = body["@odata.nextLink"];
    if (body.value.length === 0 && link !== undefined && link !== null)
      fail("The server sent an answer in an unexpected shape.", `${next} is empty but links on`);
    rows.push(...(body.value as T[]));
    next = nextPageUrl(link, next, within, fail);
  }
  return rows;
}

type Fail = (message: string, detail?: string) => never;

async function fetchPage(
  url: string,
  signal: AbortSignal,
  fail: Fail,
  fetcher: typeof fetch,
): Promise<ODataList<unknown>> {
  let response: Response;
  try {
    response = await fetcher(url, { headers: { Accept: "application/json" }, signal });
  } catch {
    const page = globalThis.location?.origin;
    return fail(
      "The server could not be reached.",
      `GET ${url} got no answer: the network failed, or the browser blocked the request. A web ` +
        `service on another origin must allow ${page ? `this page's origin, ${page},` : "this page's origin"} ` +
        "in its CORS settings (Sitefinity: the service's allowed domains).",
    );
  }
  if (response.status === 401 || response.status === 403) {
    return fail(
      "The web service refused anonymous access.",
      `GET ${url} answered ${response.status}: the web service refused anonymous access. ` +
        "Open it to everyone (Sitefinity: Administration > Web services > the service > Access).",
    );
  }
  if (response.status === 404) {
    return fail(
      "The list was not found on the web service.",
      `GET ${url} answered 404: no such web service or entity set. Check the placeholder's ` +
        "data-api-base and the set's name (data-transactions-set).",
    );
  }
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    return fail(
      `The server sent an unreadable answer (HTTP ${response.status}).`,
      `GET ${url} answered ${response.status} with a body that is not JSON`,
    );
  }
  const message = errorMessage(body);
  if (message !== null)
    return fail(
      `The server reported an error: ${message}`,
      `GET ${url} answered ${response.status}: ${message}`,
    );
  if (!response.ok)
    return fail(
      `The server answered with an error (HTTP ${response.status}).`,
      `GET ${url} answered ${response.status}`,
    );
  if (!isList(body))
    return fail(
      "The server sent an answer in an unexpected shape.",
      `GET ${url} answered without a "value" list`,
    );
  return body;
}

/** The next page's address; only one under the web service root is followed. */
function nextPageUrl(
  link: unknown,
  current: string,
  within: string,
  fail: Fail,
): string | undefined {
  if (link === undefined || link === null) return undefined;
  let next: URL;
  try {
    next = new URL(String(link), current);
  } catch {
    return fail(
      "The server sent an answer in an unexpected shape.",
      `${current} gave a next link that is not a URL`,
    );
  }
  const root = new URL(within, current);
  const base = `${root.origin}${root.pathname.replace(/\/+$/, "")}/`;
  if (`${next.origin}${next.pathname}`.startsWith(base)) return next.href;
  return fail(
    "The server sent an answer in an unexpected shape.",
    `${current} gave a next link outside the web service (${next.href}); not followed`,
  );
}

function errorMessage(body: unknown): string | null {
  if (typeof body !== "object" || body === null) return null;
  const record = body as Record<string, unknown>;
  const odata = record.error;
  if (typeof odata === "object" && odata !== null) {
    const m = (odata as Record<string, unknown>).message;
    return typeof m === "string" ? m : "unknown";
  }
  if (typeof record.Message === "string") return record.Message;
  return null;
}

function isList(body: unknown): body is ODataList<unknown> {
  return (
    typeof body === "object" && body !== null && Array.isArray((body as { value?: unknown }).value)
  );
}

/**
 * An entity set's address with its query options, every value percent-encoded (spaces as %20:
 * an OData parser may read a `+` as a plus).
 */
export function listUrl(apiBase: string, set: string, options: Record<string, string>): string {
  const query = Object.entries(options)
    .map(([name, value]) => `${name}=${encodeURIComponent(value)}`)
    .join("&");
  return `${apiBase}/${encodeURIComponent(set)}${query === "" ? "" : `?${query}`}`;
}

/** Reads one entity set of one web service, with its query options, for one load. */
export type ListReader = <T>(set: string, options: Record<string, string>) => Promise<T[]>;

/** A ListReader for the service at `apiBase`, aborted by `signal`, asking with `fetcher`. */
export function listReader(
  apiBase: string,
  signal: AbortSignal,
  fetcher: typeof fetch = fetch,
): ListReader {
  return (set, options) =>
    fetchList(listUrl(apiBase, set, options), { signal, within: apiBase, fetcher });
}

/**
 * The Id of the service's taxonomy named `name`, found by Name without regard to case; or, when
 * it has none, what the site's web team needs to know, naming the placeholder's `attribute`.
 */
export async function taxonomyIdOrProblem(
  list: ListReader,
  name: string,
  attribute: string,
): Promise<{ id: string } | { problem: string }> {
  const taxonomies = await list<{ Id: unknown; Name: string }>("taxonomies", {
    $select: "Id,Name",
  });
  const found = findTaxonomy(taxonomies, name);
  if (found !== undefined && isGuid(found.Id)) return { id: found.Id };
  const names = taxonomies.map((t) => t.Name).join(", ");
  return {
    problem:
      `the web service has no taxonomy named "${name}" (it has: ${names || "none"}); ` +
      `set ${attribute} on the placeholder.`,
  };
}

/** True when the error is the caller's own abort (unmount, newer request). */
export function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === "AbortError";
}
