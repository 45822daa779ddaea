import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { descriptionText, formatCloseDate, formatSize } from "./format.ts";

describe("formatCloseDate", () => {
  it.each([
    ["2021-03-15", "03/15/2021"],
    ["2021-01-01", "01/01/2021"],
    ["1999-12-31", "12/31/1999"],
    ["", ""],
  ])("shows %j as %j", (day, expected) => {
    expect(formatCloseDate(day)).toBe(expected);
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
