/** The API's list body: `{"value": [...], "@odata.nextLink"?: url}` (OData / Sitefinity web services). */
export interface ODataList<T> {
  value: T[];
  "@odata.nextLink"?: string;
}

/** A failed call, with a message fit to show a visitor. */
export class ApiError extends Error {
  override name = "ApiError";
}

const DEFAULT_TIMEOUT_MS = 15_000;
/** Most pages followed through `@odata.nextLink` (10,000 rows each by default). */
const MAX_PAGES = 100;

/**
 * GETs an OData list and returns its `value`, following `@odata.nextLink` on the same origin
 * until the list is complete. Fails with an ApiError on a network error, a timeout (for the
 * whole list), a non-2xx status, a body that is not JSON, or an error body (`{"error":
 * {"message"}}` from OData, `{"Message"}` from Sitefinity/ASP.NET). An abort by the caller
 * rethrows the AbortError untouched.
 */
export async function fetchList<T>(
  url: string,
  { signal, timeoutMs = DEFAULT_TIMEOUT_MS }: { signal?: AbortSignal; timeoutMs?: number } = {},
): Promise<T[]> {
  const timeout = AbortSignal.timeout(timeoutMs);
  const combined = signal ? AbortSignal.any([signal, timeout]) : timeout;
  const fail = (message: string) => {
    if (signal?.aborted) throw signal.reason ?? new DOMException("Aborted", "AbortError");
    throw new ApiError(timeout.aborted ? "The server took too long to answer." : message);
  };
  const rows: T[] = [];
  let next: string | undefined = url;
  for (let page = 0; next !== undefined; page++) {
    if (page === MAX_PAGES) fail("The list is too long to show.");
    const body = await fetchPage(next, combined, fail);
    rows.push(...(body.value as T[]));
    next = nextPageUrl(body["@odata.nextLink"], next, fail);
  }
  return rows;
}

async function fetchPage(
  url: string,
  signal: AbortSignal,
  fail: (m: string) => never,
): Promise<ODataList<unknown>> {
  let response: Response;
  try {
    response = await fetch(url, { headers: { Accept: "application/json" }, signal });
  } catch {
    return fail("The server could not be reached.");
  }
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    return fail(`The server sent an unreadable answer (HTTP ${response.status}).`);
  }
  const message = errorMessage(body);
  if (message !== null) return fail(message);
  if (!response.ok) return fail(`The server answered with an error (HTTP ${response.status}).`);
  if (!isList(body)) return fail("The server sent an answer in an unexpected shape.");
  return body;
}

// Only a next link on the origin already being read is followed: a list cannot send the widget elsewhere.
function nextPageUrl(
  link: unknown,
  current: string,
  fail: (m: string) => never,
): string | undefined {
  if (link === undefined || link === null) return undefined;
  const base = new URL(current, globalThis.location?.href ?? "http://localhost/");
  let next: URL;
  try {
    next = new URL(String(link), base);
  } catch {
    return fail("The server sent an answer in an unexpected shape.");
  }
  if (next.origin !== base.origin) return fail("The server sent an answer in an unexpected shape.");
  return next.href;
}

function errorMessage(body: unknown): string | null {
  if (typeof body !== "object" || body === null) return null;
  const record = body as Record<string, unknown>;
  const odata = record.error;
  if (typeof odata === "object" && odata !== null) {
    const m = (odata as Record<string, unknown>).message;
    return `The server reported an error: ${typeof m === "string" ? m : "unknown"}`;
  }
  if (typeof record.Message === "string") return `The server reported an error: ${record.Message}`;
  return null;
}

function isList(body: unknown): body is ODataList<unknown> {
  return (
    typeof body === "object" && body !== null && Array.isArray((body as { value?: unknown }).value)
  );
}

/** True when the error is the caller's own abort (unmount, newer request). */
export function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === "AbortError";
}
