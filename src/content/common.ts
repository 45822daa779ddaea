import { z } from "zod";

/** Sitefinity's parent id for a top-level taxon. */
export const ROOT_PARENT_ID = "00000000-0000-0000-0000-000000000000";
/** Sitefinity's built-in Tags taxonomy. */
export const TAGS_TAXONOMY_ID = "cb0f3a19-a211-48a7-88ec-77495c0f5374";
export const TAGS_TAXONOMY_NAME = "Tags";
export const INDUSTRIES_TAXONOMY_NAME = "industries";

/** A GUID as Sitefinity writes it (lower case on output). */
export const guid = z
  .string()
  .regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, "not a GUID")
  .transform((s) => s.toLowerCase());

/** One line of plain text: no control characters. */
export const plainText = (max: number) =>
  z
    .string()
    .max(max, `longer than ${max} characters`)
    // eslint-disable-next-line no-control-regex
    .refine((s) => !/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/.test(s), "control characters");

export const requiredText = (max: number) => plainText(max).refine((s) => s.trim() !== "", "empty");

/** A URL path segment: any text but no slash, no control characters, no surrounding spaces. */
export const urlName = requiredText(200).refine(
  (s) => !s.includes("/") && !s.includes("\\") && s.trim() === s,
  "not a URL name (no slashes or surrounding spaces)",
);

/**
 * A calendar date or date-time, normalised to `YYYY-MM-DDTHH:mm:ssZ` (UTC) so that stored
 * values compare as text in SQLite and PostgreSQL alike.
 */
export const isoDateTime = z.string().transform((s, ctx) => {
  const normalised = normaliseIsoDateTime(s);
  if (normalised === null) {
    ctx.addIssue({ code: "custom", message: "not a date" });
    return z.NEVER;
  }
  return normalised;
});

const DATE_RE =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})?)?$/;

/** `2021-03-04` or an ISO date-time -> `2021-03-04T00:00:00Z`; null when it is not a real date. */
export function normaliseIsoDateTime(s: string): string | null {
  const m = DATE_RE.exec(s.trim());
  if (!m) return null;
  const [, y, mo, d, h = "00", mi = "00", sec = "00", zone] = m;
  const year = Number(y);
  const month = Number(mo);
  const day = Number(d);
  if (
    month < 1 ||
    month > 12 ||
    day < 1 ||
    day > 31 ||
    Number(h) > 23 ||
    Number(mi) > 59 ||
    Number(sec) > 59
  ) {
    return null;
  }
  const probe = new Date(Date.UTC(year, month - 1, day));
  if (probe.getUTCMonth() !== month - 1 || probe.getUTCDate() !== day) return null;
  let ms = Date.UTC(year, month - 1, day, Number(h), Number(mi), Number(sec));
  if (zone && zone !== "Z") {
    const sign = zone.startsWith("-") ? -1 : 1;
    ms -= sign * (Number(zone.slice(1, 3)) * 60 + Number(zone.slice(4, 6))) * 60_000;
  }
  return new Date(ms).toISOString().replace(/\.\d{3}Z$/, "Z");
}
