/** The content codings the API sends, best first. */
export type Coding = "br" | "gzip" | "identity";

/**
 * Picks the coding for an `Accept-Encoding` header (RFC 9110 §12.5.3): the highest q wins, br
 * before gzip on a tie; `*` covers codings not named; identity unless refused with q=0 (and even
 * then, as nothing else is acceptable, rather than a 406).
 */
export function chooseCoding(header: string | undefined): Coding {
  if (!header) return "identity";
  let coding = chosen.get(header);
  if (coding === undefined) {
    coding = codingFor(header);
    if (chosen.size < REMEMBERED_HEADERS) chosen.set(header, coding);
  }
  return coding;
}

/**
 * Browsers send a handful of distinct headers, so each one's choice is kept, up to a bound that
 * a client sending a new header on every request cannot grow.
 */
const REMEMBERED_HEADERS = 64;
const chosen = new Map<string, Coding>();

function codingFor(header: string): Coding {
  const q = new Map<string, number>();
  for (const part of header.split(",")) {
    const [name = "", ...params] = part.split(";");
    const coding = name.trim().toLowerCase();
    if (coding === "") continue;
    const qParam = params.map((p) => p.trim().toLowerCase()).find((p) => p.startsWith("q="));
    const value = qParam === undefined ? 1 : Number(qParam.slice(2));
    q.set(coding, Number.isFinite(value) ? value : 0);
  }
  const star = q.get("*");
  const weight = (coding: string) => q.get(coding) ?? (coding === "identity" ? 0.001 : (star ?? 0));
  let best: Coding = "identity";
  for (const coding of ["gzip", "br"] as const) {
    const w = weight(coding);
    if (w > 0 && w >= weight(best)) best = coding;
  }
  return best;
}

/** Whether an `If-None-Match` header matches one of the tags (weak comparison, `*` matches all). */
export function noneMatch(header: string | undefined, tags: readonly string[]): boolean {
  if (!header) return false;
  for (const part of header.split(",")) {
    const tag = part.trim().replace(/^W\//, "");
    if (tag === "*" || tags.includes(tag)) return true;
  }
  return false;
}
