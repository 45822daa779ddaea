// Pure formatting: calendar dates, sizes and the visible text of description HTML.
// No Date getters that read the process time zone are used anywhere here (DESIGN §4).

const ISO_RE =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?\s*(Z|[+-]\d{2}:?\d{2})?)?$/i;
const CALENDAR_DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;

function isRealDate(year: number, month: number, day: number): boolean {
  if (month < 1 || month > 12 || day < 1) return false;
  const probe = new Date(Date.UTC(year, month - 1, day));
  return probe.getUTCMonth() === month - 1 && probe.getUTCDate() === day;
}

const pad = (n: number, width: number) => String(n).padStart(width, "0");

/** True for a real calendar date written `YYYY-MM-DD` (what a native date input gives). */
export function isCalendarDate(s: string): boolean {
  const m = CALENDAR_DATE_RE.exec(s);
  return m !== null && isRealDate(Number(m[1]), Number(m[2]), Number(m[3]));
}

/**
 * The UTC calendar day of an ISO 8601 date or date-time, as `YYYY-MM-DD`; "" when it is not one.
 * A value without an offset is taken as UTC; an explicit offset is converted to UTC.
 */
export function datePart(iso: string): string {
  const m = ISO_RE.exec(iso.trim());
  if (!m) return "";
  const [, y, mo, d, h = "00", mi = "00", , zone] = m;
  const year = Number(y);
  const month = Number(mo);
  const day = Number(d);
  if (!isRealDate(year, month, day) || Number(h) > 23 || Number(mi) > 59) return "";
  if (zone === undefined || zone.toUpperCase() === "Z") return `${y}-${mo}-${d}`;
  const digits = zone.replace(":", "");
  const offsetMinutes =
    (digits.startsWith("-") ? -1 : 1) * (Number(digits.slice(1, 3)) * 60 + Number(digits.slice(3)));
  const utc = new Date(Date.UTC(year, month - 1, day, Number(h), Number(mi) - offsetMinutes));
  return `${pad(utc.getUTCFullYear(), 4)}-${pad(utc.getUTCMonth() + 1, 2)}-${pad(utc.getUTCDate(), 2)}`;
}

/** A transaction's close date as `MM/DD/YYYY`, from its UTC date part; "" when it is not a date. */
export function formatCloseDate(iso: string): string {
  const day = datePart(iso);
  if (day === "") return "";
  const [y, m, d] = day.split("-");
  return `${m}/${d}/${y}`;
}

const sizeFormat = new Intl.NumberFormat("en-US", {
  minimumFractionDigits: 1,
  maximumFractionDigits: 2,
});

/** A size in $MM as `1,250.0` (one or two decimals); "Undisclosed" when there is none. */
export function formatSize(size: number | null): string {
  return size === null ? "Undisclosed" : sizeFormat.format(size);
}

/** The visible text of description HTML (see html-text.ts). */
export { descriptionText } from "./html-text.ts";
