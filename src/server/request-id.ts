import { randomUUID } from "node:crypto";

// An id a proxy or another service already gave the request is kept, so one id follows it
// through every hop's logs; anything else (missing, too long, odd characters that would garble
// a log line or a header) is replaced by a fresh UUID, unique across instances.
const WELL_FORMED = /^[A-Za-z0-9][A-Za-z0-9._:@/+=-]{0,127}$/;

/** The request's id: the incoming `X-Request-Id` when it is well formed, else a new UUID. */
export function requestIdFor(incoming: string | string[] | undefined): string {
  const value = Array.isArray(incoming) ? incoming[0] : incoming;
  return value !== undefined && WELL_FORMED.test(value) ? value : randomUUID();
}
