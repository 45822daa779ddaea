// Dates and times as Sitefinity's web services write them, and calendar days: a deal's Date is
// the day of its instant in the content's time zone, whatever the visitor's.
// Pure: no Date getter that reads the process's time zone is used anywhere here.

import { CONTENT_TIME_ZONE } from "./time-zones.ts";

const ISO =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,7}))?)?\s*(Z|[+-]\d{2}:?\d{2})?)?$/i;
const CALENDAR_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
// Date.UTC reads years 0-99 as 1900-1999; no content date is that old, so years start at 1000.
const MIN_YEAR = 1000;
const MAX_YEAR = 9999;

/** An instant: whole seconds since the epoch (UTC) and the fraction of a second, 7 digits. */
interface Instant {
  readonly seconds: number;
  readonly fraction: string;
}

const pad = (n: number, width: number) => String(n).padStart(width, "0");

function isRealDate(year: number, month: number, day: number): boolean {
  if (month < 1 || month > 12 || day < 1) return false;
  const probe = new Date(Date.UTC(year, month - 1, day));
  return probe.getUTCMonth() === month - 1 && probe.getUTCDate() === day;
}

/**
 * Reads `2021-03-04`, or a date-time with up to 7 fractional digits (.NET's precision) and `Z`
 * or an offset (none means UTC). Null when the text is not a real date and time.
 */
function parseInstant(text: string): Instant | null {
  const m = ISO.exec(text.trim());
  if (!m) return null;
  const [, y, mo, d, h = "00", mi = "00", s = "00", fraction = "", zone = "Z"] = m;
  const [year, month, day] = [Number(y), Number(mo), Number(d)];
  if (year < MIN_YEAR) return null;
  if (!isRealDate(year, month, day) || Number(h) > 23 || Number(mi) > 59 || Number(s) > 59) {
    return null;
  }
  let ms = Date.UTC(year, month - 1, day, Number(h), Number(mi), Number(s));
  if (zone.toUpperCase() !== "Z") {
    const digits = zone.replace(":", "");
    const minutes = Number(digits.slice(1, 3)) * 60 + Number(digits.slice(3, 5));
    if (Number(digits.slice(1, 3)) > 23 || Number(digits.slice(3, 5)) > 59) return null;
    ms -= (digits.startsWith("-") ? -1 : 1) * minutes * 60_000;
  }
  const utcYear = new Date(ms).getUTCFullYear();
  if (utcYear < MIN_YEAR || utcYear > MAX_YEAR) return null;
  return { seconds: ms / 1000, fraction: fraction.padEnd(7, "0") };
}

function utcText({ seconds, fraction }: Instant, trimmed: boolean): string {
  const date = new Date(seconds * 1000);
  const whole =
    `${pad(date.getUTCFullYear(), 4)}-${pad(date.getUTCMonth() + 1, 2)}-${pad(date.getUTCDate(), 2)}` +
    `T${pad(date.getUTCHours(), 2)}:${pad(date.getUTCMinutes(), 2)}:${pad(date.getUTCSeconds(), 2)}`;
  const digits = trimmed ? fraction.replace(/0+$/, "") : fraction;
  return `${whole}${digits === "" ? "" : `.${digits}`}Z`;
}

/**
 * The whole second (since the epoch, UTC) of a date-time, or null when it is not one: two
 * writers of one instant may keep different fractions of a second (a service hook's payload
 * keeps none), so they are compared to the second.
 */
export function wholeSecond(text: string): number | null {
  return parseInstant(text)?.seconds ?? null;
}

/**
 * A date-time as the API and the content file write it, the way Sitefinity's OData stack does:
 * UTC, `Z`, the fraction of a second kept (up to 7 digits) without trailing zeros:
 * `2026-06-30T23:00:00Z`, `2026-06-30T23:00:00.1234567Z`. Null when it is not a date.
 */
export function normaliseDateTime(text: string): string | null {
  const instant = parseInstant(text);
  return instant && utcText(instant, true);
}

/**
 * The same instant with exactly 7 fractional digits, as the database stores it: fixed width, so
 * that text order is time order in SQLite and PostgreSQL alike. Null when it is not a date.
 */
export function storedDateTime(text: string): string | null {
  const instant = parseInstant(text);
  return instant && utcText(instant, false);
}

/** A stored date-time back in the API's form; text that is not a date is returned as it is. */
export function apiDateTime(stored: string): string {
  return normaliseDateTime(stored) ?? stored;
}

/** True for a real calendar date written `YYYY-MM-DD` (what a native date input gives). */
export function isCalendarDate(text: string): boolean {
  const m = CALENDAR_DATE.exec(text);
  return (
    m !== null && Number(m[1]) >= MIN_YEAR && isRealDate(Number(m[1]), Number(m[2]), Number(m[3]))
  );
}

const dayFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * The calendar day (`YYYY-MM-DD`) of an ISO 8601 instant in an IANA time zone: Sitefinity stores
 * the date an editor picks as the UTC instant of midnight in the editor's zone, so
 * `2026-06-30T23:00:00Z` is 1 July in `Europe/London`. "" when the text is not a date.
 * The zone of the machine running this never matters.
 */
export function calendarDay(text: string, timeZone = CONTENT_TIME_ZONE): string {
  const instant = parseInstant(text);
  if (instant === null) return "";
  if (timeZone === "UTC") return utcText(instant, false).slice(0, 10);
  let format = dayFormats.get(timeZone);
  if (format === undefined) {
    // en-CA writes dates as YYYY-MM-DD; the parts are read by type, not by position.
    format = new Intl.DateTimeFormat("en-CA", {
      timeZone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
    });
    dayFormats.set(timeZone, format);
  }
  const parts = Object.fromEntries(
    format.formatToParts(instant.seconds * 1000).map((part) => [part.type, part.value]),
  );
  return `${pad(Number(parts.year), 4)}-${parts.month}-${parts.day}`;
}
