// Time zones, apart from the date arithmetic: a widget that only checks its configured zone
// (Topics A – Z) then loads none of date-time.ts.

/** The time zone the content's dates are read in unless a widget is told otherwise. */
export const CONTENT_TIME_ZONE = "UTC";

/** True when the runtime knows the IANA time zone (`Europe/London`, `UTC`). */
export function isTimeZone(zone: string): boolean {
  if (zone.trim() === "") return false;
  // The default needs no check; building a formatter to check it cost a slow phone 25 ms.
  if (zone === CONTENT_TIME_ZONE) return true;
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}
