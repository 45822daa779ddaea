// @vitest-environment jsdom
// jsdom's DOMParser is a strict XML parser (saxes): it refuses what a feed reader would refuse.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { element, escapeXmlAttribute, escapeXmlText, xmlDocument } from "./xml.ts";
import { itReturns } from "../../tests/helpers/table.ts";

/** The document parsed strictly; throws with the parser's message when it is not well-formed. */
function parse(xml: string): Document {
  const document = new DOMParser().parseFromString(xml, "application/xml");
  const error = document.getElementsByTagName("parsererror")[0];
  if (error) throw new Error(`not well-formed: ${error.textContent}`);
  return document;
}

/** What XML can carry of a string: the characters of XML 1.0's Char production. */
const xmlable = (s: string) =>
  [...s]
    .filter((c) => {
      const code = c.codePointAt(0)!;
      return (
        code === 0x9 ||
        code === 0xa ||
        code === 0xd ||
        (code >= 0x20 && code <= 0xd7ff) ||
        (code >= 0xe000 && code <= 0xfffd) ||
        code >= 0x10000
      );
    })
    .join("");

// Any code point (lone surrogates and the characters XML forbids among them), ASCII often, and
// what escaping is about more often still. (fast-check's "binary" unit takes seconds to build.)
const anyText = fc.string({
  unit: fc.oneof(
    fc.constantFrom("<", "&", ">", '"', "'", "\r", "\n", "\t", "]]>", "&amp;", "\ufffe"),
    fc.integer({ min: 0, max: 0x7f }).map((c) => String.fromCharCode(c)),
    fc.integer({ min: 0, max: 0x10ffff }).map((c) => String.fromCodePoint(c)),
  ),
});

describe("escapeXmlText", () => {
  itReturns(escapeXmlText, "writes %j as %j", [
    ["plain", "plain"],
    ["a < b & c > d", "a &lt; b &amp; c &gt; d"],
    ["]]>", "]]&gt;"],
    ["\"quotes\" and 'apostrophes'", "\"quotes\" and 'apostrophes'"],
    ["&amp; already escaped", "&amp;amp; already escaped"],
    ["line\r\nbreak", "line&#13;\nbreak"],
    ["bell\u0007 null\u0000 tab\t", "bell null tab\t"],
    ["lone \ud800 surrogate", "lone  surrogate"],
    ["pair 😀 kept", "pair 😀 kept"],
    ["\ufffe\uffff", ""],
  ]);
});

describe("escapeXmlAttribute", () => {
  itReturns(escapeXmlAttribute, "writes %j as %j", [
    ['say "hi" & <go>', "say &quot;hi&quot; &amp; &lt;go&gt;"],
    ["tab\tline\ncr\r", "tab&#9;line&#10;cr&#13;"],
    ["it's", "it's"],
  ]);
});

describe("element", () => {
  it("escapes text children and attribute values, and keeps markup children as they are", () => {
    const xml = element(
      "a",
      { title: '"x" & y', skipped: undefined },
      "1 < 2",
      element("b", {}, "&"),
      null,
      false,
    ).xml;
    expect(xml).toBe('<a title="&quot;x&quot; &amp; y">1 &lt; 2<b>&amp;</b></a>');
  });

  it("closes an element with nothing in it at once", () => {
    expect(element("link", { href: "/x" }).xml).toBe('<link href="/x"/>');
    expect(element("a", {}, "", null).xml).toBe("<a/>");
  });

  it.each(["a b", "<a>", "a=1", "", "1a", 'a"'])("refuses %j as a name", (name) => {
    expect(() => element(name)).toThrow(/not an XML name/);
    expect(() => element("a", { [name]: "x" })).toThrow(/not an XML/);
  });

  it("gives any text back exactly, less the characters XML forbids, in text and attributes", () => {
    fc.assert(
      fc.property(anyText, anyText, (text, value) => {
        const root = parse(xmlDocument(element("root", { value }, text))).documentElement;
        expect(root.textContent).toBe(xmlable(text));
        expect(root.getAttribute("value")).toBe(xmlable(value));
      }),
      { numRuns: 100 },
    );
  });

  it("keeps hostile text inert: it never becomes an element or an attribute", () => {
    const payloads = [
      "<script>alert(1)</script>",
      '"><img src=x onerror=alert(1)>',
      "]]><evil/>",
      "<!--",
      "<?xml version='1.0'?>",
      "<!DOCTYPE x [<!ENTITY e 'x'>]>&e;",
    ];
    for (const payload of payloads) {
      const root = parse(xmlDocument(element("root", { title: payload }, payload))).documentElement;
      expect(root.children).toHaveLength(0);
      expect(root.getAttributeNames()).toEqual(["title"]);
      expect(root.textContent).toBe(payload);
    }
  });
});
