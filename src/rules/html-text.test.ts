import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { htmlToText } from "./html-text.ts";
import { itReturns } from "../../tests/helpers/table.ts";

describe("htmlToText", () => {
  itReturns(htmlToText, "reads %j as %j", [
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
    ["<p>Sold to <strong>Acme</strong> &amp; Co.</p>", "Sold to Acme & Co."],
    ["Caf&eacute; &#233; &#xE9; &amp;lt;", "Café é é &lt;"],
    ["<p>a</p>\n\n<p>b</p>", "a b"],
    ["<script>alert(1)</script>text", "text"],
    ["&ldquo;Quoted&rdquo; &ndash; &hellip;", "“Quoted” – …"],
  ]);

  it("leaves plain text without markup unchanged apart from folded white space", () => {
    fc.assert(
      fc.property(
        fc.string().filter((s) => !/[<&]/.test(s)),
        (s) => {
          expect(htmlToText(s)).toBe(s.replace(/\s+/g, " ").trim());
        },
      ),
    );
  });
});
