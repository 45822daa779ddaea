import { calendarDay } from "../rules/date-time.ts";

const LONG = new Intl.DateTimeFormat("en-US", {
  year: "numeric",
  month: "long",
  day: "numeric",
  timeZone: "UTC",
});

/**
 * A date as the pages write it, `March 4, 2026`: the calendar day of the instant in the content's
 * time zone (src/rules/date-time.ts, as the widgets read it), so no server's zone shifts it.
 * "" when the text is not a date.
 */
export function formatLongDate(iso: string): string {
  const day = calendarDay(iso);
  if (day === "") return "";
  // Intl's formatting is slow beside the rest of a page; the days a site shows are few thousand.
  let text = longDays.get(day);
  if (text === undefined) {
    text = LONG.format(new Date(`${day}T00:00:00Z`));
    if (longDays.size < 20_000) longDays.set(day, text);
  }
  return text;
}
const longDays = new Map<string, string>();
