import fc from "fast-check";
import { afterEach, describe, expect, it } from "vitest";
import {
  datePart,
  descriptionText,
  formatCloseDate,
  formatSize,
  isCalendarDate,
} from "./format.ts";

describe("datePart", () => {
  it.each([
    ["2021-03-15T00:00:00Z", "2021-03-15"],
    ["2021-03-15T23:59:59Z", "2021-03-15"],
    ["2021-03-16T00:00:00Z", "2021-03-16"],
    ["2021-12-31T23:59:59.999Z", "2021-12-31"],
    ["2024-02-29T12:00:00Z", "2024-02-29"],
    ["2021-03-15", "2021-03-15"],
    ["2021-03-15T18:30:00", "2021-03-15"],
    // Explicit offsets are converted to the UTC day.
    ["2021-03-15T23:30:00-05:00", "2021-03-16"],
    ["2021-03-16T01:00:00+02:00", "2021-03-15"],
    ["2021-01-01T00:30:00+0100", "2020-12-31"],
  ])("keeps the UTC calendar day of %s", (iso, expected) => {
    expect(datePart(iso)).toBe(expected);
  });

  it.each(["", "yesterday", "2021-02-30T00:00:00Z", "2021-13-01", "15/03/2021"])(
    "gives nothing for %j, which is not a date",
    (iso) => {
      expect(datePart(iso)).toBe("");
    },
  );

  it("agrees with the UTC day of any instant written with Z", () => {
    fc.assert(
      fc.property(
        fc.date({
          min: new Date("1900-01-01T00:00:00Z"),
          max: new Date("2999-12-31T23:59:59Z"),
          noInvalidDate: true,
        }),
        (date) => {
          expect(datePart(date.toISOString())).toBe(date.toISOString().slice(0, 10));
        },
      ),
    );
  });
});

describe("formatCloseDate", () => {
  it.each([
    ["2021-03-15T00:00:00Z", "03/15/2021"],
    ["2021-03-15T23:59:59Z", "03/15/2021"],
    ["2021-01-01T00:00:00Z", "01/01/2021"],
    ["1999-12-31T23:59:59Z", "12/31/1999"],
    ["not a date", ""],
  ])("shows %s as %j", (iso, expected) => {
    expect(formatCloseDate(iso)).toBe(expected);
  });
});

describe("time zone independence", () => {
  // Node applies a change of process.env.TZ at once, so each zone can be tried in one run.
  const original = process.env.TZ;
  afterEach(() => {
    if (original === undefined) delete process.env.TZ;
    else process.env.TZ = original;
  });

  it.each(["America/Los_Angeles", "Pacific/Kiritimati", "Asia/Kolkata", "UTC"])(
    "shows the same day at midnight and just before it in %s",
    (zone) => {
      process.env.TZ = zone;
      expect(formatCloseDate("2021-03-15T00:00:00Z")).toBe("03/15/2021");
      expect(formatCloseDate("2021-03-15T23:59:59Z")).toBe("03/15/2021");
      expect(datePart("2021-01-01T00:00:00Z")).toBe("2021-01-01");
      expect(datePart("2021-12-31T23:59:59Z")).toBe("2021-12-31");
    },
  );
});

describe("isCalendarDate", () => {
  it.each([
    ["2021-03-15", true],
    ["2024-02-29", true],
    ["2023-02-29", false],
    ["2021-3-15", false],
    ["2021-03-15T00:00:00Z", false],
    ["", false],
  ])("%j is a calendar date: %s", (s, expected) => {
    expect(isCalendarDate(s)).toBe(expected);
  });
});

describe("formatSize", () => {
  it.each([
    [null, "Undisclosed"],
    [0, "0.0"],
    [12.5, "12.5"],
    [1250, "1,250.0"],
    [12.345, "12.35"],
    [1234567.8, "1,234,567.8"],
  ])("shows %j $MM as %j", (size, expected) => {
    expect(formatSize(size)).toBe(expected);
  });
});

describe("descriptionText", () => {
  it.each([
    ["<p>Sale of <strong>Acme</strong> Corp</p>", "Sale of Acme Corp"],
    ["<p>First</p><p>Second</p>", "First Second"],
    ["Line<br>break<br/>here", "Line break here"],
    ["<ul><li>One</li><li>Two</li></ul>", "One Two"],
    ["M&amp;A &lt;advisory&gt; &quot;deal&quot; &#39;x&#39;", "M&A <advisory> \"deal\" 'x'"],
    ["caf&eacute; &Uuml;ber &ccedil;a", "café Über ça"],
    ["&#x2014; &#8212; &mdash;", "— — —"],
    ["a&nbsp;b", "a b"],
    ["Unknown &bogus; stays", "Unknown &bogus; stays"],
    ["&lt;script&gt; is text", "<script> is text"],
    ['<a href="/x" title="a > b">link</a> text', "link text"],
    ["<p>Keep</p><script>alert('x')</script><style>p{}</style>", "Keep"],
    ["before<!-- hidden -->after", "before after"],
    ["  lots \n of\t space  ", "lots of space"],
    ["5 < 6 and 7 > 3", "5 < 6 and 7 > 3"],
  ])("reads %j as %j", (html, expected) => {
    expect(descriptionText(html)).toBe(expected);
  });

  it("leaves plain text without markup unchanged apart from folded white space", () => {
    fc.assert(
      fc.property(
        fc.string().filter((s) => !/[<&]/.test(s)),
        (s) => {
          expect(descriptionText(s)).toBe(s.replace(/\s+/g, " ").trim());
        },
      ),
    );
  });
});
