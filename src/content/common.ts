import { z } from "zod";
import { normaliseDateTime } from "../rules/date-time.ts";

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

/**
 * One line of text that may be missing: absent or null when not known (both read as not known, and
 * an export leaves it out). Given, it is not empty and has no surrounding spaces, so that the same
 * value is always the same text to a filter or a grouping.
 */
export const optionalText = (max: number) =>
  z
    .string({ error: "not text or null" })
    .pipe(requiredText(max))
    .refine((s) => s.trim() === s, "surrounding spaces")
    .nullish()
    .transform((s) => s ?? undefined)
    // Optional in the output type too: a deal without one has no such key.
    .optional();

/** A URL path segment: any text but no slash, no control characters, no surrounding spaces. */
export const urlName = requiredText(200).refine(
  (s) => !s.includes("/") && !s.includes("\\") && s.trim() === s,
  "not a URL name (no slashes or surrounding spaces)",
);

/**
 * A calendar date or date-time (an offset, or none for UTC; up to 7 fractional digits), written
 * as the API writes it: UTC with `Z`, the fraction kept without trailing zeros.
 */
export const isoDateTime = z.string().transform((s, ctx) => {
  const normalised = normaliseDateTime(s);
  if (normalised === null) {
    ctx.addIssue({ code: "custom", message: "not a date" });
    return z.NEVER;
  }
  return normalised;
});

/** When an item last changed (Sitefinity's LastModified); an import fills in its own time when absent. */
export const lastModified = isoDateTime.optional();
