import fc from "fast-check";
import { afterEach, describe, expect, it } from "vitest";
import {
  apiDateTime,
  calendarDay,
  isCalendarDate,
  normaliseDateTime,
  storedDateTime,
} from "./date-time.ts";
import { itReturns } from "../../tests/helpers/table.ts";

describe("normaliseDateTime: the API's and the content file's form", () => {
  itReturns(normaliseDateTime, "%s -> %s", [
    ["2021-03-04", "2021-03-04T00:00:00Z"],
    ["2021-03-04T05:06", "2021-03-04T05:06:00Z"],
    ["2021-03-04T05:06:07Z", "2021-03-04T05:06:07Z"],
    ["2021-03-04 05:06:07", "2021-03-04T05:06:07Z"],
    ["2021-03-04T05:06:07.897Z", "2021-03-04T05:06:07.897Z"],
    ["2021-03-04T05:06:07.8970000Z", "2021-03-04T05:06:07.897Z"],
    ["2021-03-04T05:06:07.1234567Z", "2021-03-04T05:06:07.1234567Z"],
    ["2021-03-04T05:06:07.0000000Z", "2021-03-04T05:06:07Z"],
    ["2026-07-01T00:00:00+01:00", "2026-06-30T23:00:00Z"],
    ["2026-07-01T00:00:00.5-05:30", "2026-07-01T05:30:00.5Z"],
    ["2026-07-01T00:00:00+0100", "2026-06-30T23:00:00Z"],
    ["2024-02-29T12:00:00z", "2024-02-29T12:00:00Z"],
  ]);

  it.each([
    "",
    "2021-02-29",
    "2021-13-01",
    "2021-03-04T24:00:00Z",
    "2021-03-04T05:60:00Z",
    "2021-03-04T05:06:07.12345678Z",
    "2021-03-04T05:06:07+25:00",
    "0999-12-31",
    "9999-12-31T23:00:00-05:00",
    "March 4, 2021",
    "2021-03-04T05:06:07Zjunk",
  ])("%j is not a date", (input) => {
    expect(normaliseDateTime(input)).toBeNull();
    expect(storedDateTime(input)).toBeNull();
  });
});

describe("storedDateTime: fixed width, so text order is time order", () => {
  it("writes exactly seven fractional digits", () => {
    expect(storedDateTime("2021-03-04")).toBe("2021-03-04T00:00:00.0000000Z");
    expect(storedDateTime("2021-03-04T05:06:07.12Z")).toBe("2021-03-04T05:06:07.1200000Z");
  });

  it("orders any two instants as their times order", () => {
    const second = fc.integer({
      min: Date.UTC(1000, 0, 1) / 1000,
      max: Date.UTC(9999, 11, 31) / 1000,
    });
    const fraction = fc.nat(9_999_999);
    fc.assert(
      fc.property(second, fraction, second, fraction, (a, fa, b, fb) => {
        const text = (s: number, f: number) =>
          new Date(s * 1000).toISOString().replace(/\.\d{3}Z$/, `.${String(f).padStart(7, "0")}Z`);
        const [x, y] = [storedDateTime(text(a, fa))!, storedDateTime(text(b, fb))!];
        const byTime = Math.sign(a - b) || Math.sign(fa - fb);
        expect(x < y ? -1 : x > y ? 1 : 0).toBe(byTime);
      }),
    );
  });

  it("round-trips through the API's form unchanged", () => {
    fc.assert(
      fc.property(fc.date({ noInvalidDate: true, min: new Date("1000-01-01T00:00:00Z") }), (d) => {
        if (d.getUTCFullYear() > 9999) return;
        const api = normaliseDateTime(d.toISOString())!;
        expect(apiDateTime(storedDateTime(api)!)).toBe(api);
        expect(new Date(api).getTime()).toBe(d.getTime());
      }),
    );
  });
});

describe("calendarDay: the day of an instant in the content's time zone", () => {
  it.each([
    // An editor's midnight in London during summer time is 23:00 UTC the day before.
    ["2026-06-30T23:00:00Z", "Europe/London", "2026-07-01"],
    ["2026-06-30T23:00:00Z", "UTC", "2026-06-30"],
    ["2026-01-15T00:00:00Z", "Europe/London", "2026-01-15"],
    ["2026-07-01T04:00:00Z", "America/New_York", "2026-07-01"],
    ["2026-07-01T03:59:59.9999999Z", "America/New_York", "2026-06-30"],
    ["2026-06-30T15:00:00.123Z", "Asia/Tokyo", "2026-07-01"],
    ["2026-06-30T10:00:00Z", "Pacific/Kiritimati", "2026-07-01"],
    ["2026-07-01T10:59:00Z", "Pacific/Pago_Pago", "2026-06-30"],
    // The day the clocks go forward in New York, and its midnight.
    ["2026-03-08T05:00:00Z", "America/New_York", "2026-03-08"],
    ["2026-07-01", "UTC", "2026-07-01"],
    ["2026-07-01T00:30:00+02:00", "UTC", "2026-06-30"],
  ])("%s in %s is %s", (instant, zone, day) => {
    expect(calendarDay(instant, zone)).toBe(day);
  });

  it("is the UTC date part in UTC, for any instant", () => {
    fc.assert(
      fc.property(
        fc.date({
          noInvalidDate: true,
          min: new Date("1000-01-01T00:00:00Z"),
          max: new Date("9999-12-31T00:00:00Z"),
        }),
        (d) => {
          expect(calendarDay(d.toISOString())).toBe(d.toISOString().slice(0, 10));
        },
      ),
    );
  });

  it("is empty for text that is not a date", () => {
    expect(calendarDay("not a date", "Europe/London")).toBe("");
  });
});

describe("isCalendarDate", () => {
  itReturns(isCalendarDate, "isCalendarDate(%j) is %s", [
    ["2024-02-29", true],
    ["2023-02-29", false],
    ["2024-2-9", false],
    ["", false],
  ]);
});

describe("the zone of the machine never matters", () => {
  // Node applies a change of process.env.TZ at once, so each zone can be tried in one run.
  const original = process.env.TZ;
  afterEach(() => {
    if (original === undefined) delete process.env.TZ;
    else process.env.TZ = original;
  });

  it.each(["America/Los_Angeles", "Pacific/Kiritimati", "Asia/Kolkata", "UTC"])(
    "gives the same days with the process in %s",
    (zone) => {
      process.env.TZ = zone;
      expect(calendarDay("2021-03-15T00:00:00Z")).toBe("2021-03-15");
      expect(calendarDay("2021-03-15T23:59:59.9999999Z")).toBe("2021-03-15");
      expect(calendarDay("2026-06-30T23:00:00Z", "Europe/London")).toBe("2026-07-01");
      expect(normaliseDateTime("2021-03-15T00:00:00")).toBe("2021-03-15T00:00:00Z");
    },
  );
});
