/** The API's list body: `{"value": [...]}` (OData / Sitefinity web services). */
export interface ODataList<T> {
  value: T[];
}

/** A failed call, with a message fit to show a visitor. */
export class ApiError extends Error {
  override name = "ApiError";
}

const DEFAULT_TIMEOUT_MS = 15_000;

/**
 * GETs an OData list and returns its `value`. Fails with an ApiError on a network error,
 * a timeout, a non-2xx status, a body that is not JSON, or an error body
 * (`{"error": {"message"}}` from OData, `{"Message"}` from Sitefinity/ASP.NET).
 * An abort by the caller rethrows the AbortError untouched.
 */
export async function fetchList<T>(
  url: string,
  { signal, timeoutMs = DEFAULT_TIMEOUT_MS }: { signal?: AbortSignal; timeoutMs?: number } = {},
): Promise<T[]> {
  const timeout = AbortSignal.timeout(timeoutMs);
  const combined = signal ? AbortSignal.any([signal, timeout]) : timeout;
  let response: Response;
  try {
    response = await fetch(url, { headers: { Accept: "application/json" }, signal: combined });
  } catch (error) {
    if (signal?.aborted) throw error;
    if (timeout.aborted) throw new ApiError("The server took too long to answer.");
    throw new ApiError("The server could not be reached.");
  }
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    if (signal?.aborted) throw new DOMException("Aborted", "AbortError");
    throw new ApiError(`The server sent an unreadable answer (HTTP ${response.status}).`);
  }
  const message = errorMessage(body);
  if (message !== null) throw new ApiError(message);
  if (!response.ok) throw new ApiError(`The server answered with an error (HTTP ${response.status}).`);
  if (!isList(body)) throw new ApiError("The server sent an answer in an unexpected shape.");
  return body.value as T[];
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
  return typeof body === "object" && body !== null && Array.isArray((body as { value?: unknown }).value);
}

/** True when the error is the caller's own abort (unmount, newer request). */
export function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === "AbortError";
}
