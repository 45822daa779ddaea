// XML written by hand, safely: text and attribute values from content are escaped here and only
// here, and markup is a value of its own type, so a string can never slip into a document as tags.

declare const isMarkup: unique symbol;

/** A piece of well-formed XML. Only `element` makes one: no other string passes for it. */
export interface Markup {
  readonly xml: string;
  readonly [isMarkup]: true;
}

/** What an element holds: markup, or text to escape. `null`, `undefined` and `false` are left out. */
export type Child = Markup | string | null | undefined | false;

// Characters XML 1.0 does not allow at all, not even as references: C0 controls other than tab,
// line feed and carriage return, lone surrogates, U+FFFE and U+FFFF. A parser stops at the first.
// eslint-disable-next-line no-control-regex
const NOT_XML = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|\p{Cs}/gu;

const TEXT_ESCAPES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  // A parser turns a carriage return into a line feed; written as a reference it is kept.
  "\r": "&#13;",
};
// In an attribute a parser also turns tab and line feed into spaces, unless they are references.
const ATTRIBUTE_ESCAPES: Record<string, string> = {
  ...TEXT_ESCAPES,
  '"': "&quot;",
  "\t": "&#9;",
  "\n": "&#10;",
};

/** Text as XML character data: reserved characters escaped, characters XML forbids dropped. */
export function escapeXmlText(text: string): string {
  return text.replace(NOT_XML, "").replace(/[&<>\r]/g, (c) => TEXT_ESCAPES[c]!);
}

/** Text as the value of a double-quoted attribute, read back exactly as given (less forbidden characters). */
export function escapeXmlAttribute(text: string): string {
  return text.replace(NOT_XML, "").replace(/[&<>"\r\t\n]/g, (c) => ATTRIBUTE_ESCAPES[c]!);
}

// An XML name as we write them: ASCII letters, digits, `-`, `_`, `.` and one prefix (`xml:base`).
const NAME = /^[A-Za-z_][\w.-]*(?::[A-Za-z_][\w.-]*)?$/;

/**
 * An element with its attributes (those `undefined` are left out) and children. Names come
 * from our code, never from content; one that is not a plain XML name is a bug and throws.
 */
export function element(
  name: string,
  attributes: Readonly<Record<string, string | undefined>> = {},
  ...children: Child[]
): Markup {
  if (!NAME.test(name)) throw new Error(`not an XML name: ${name}`);
  let open = `<${name}`;
  for (const [attribute, value] of Object.entries(attributes)) {
    if (value === undefined) continue;
    if (!NAME.test(attribute)) throw new Error(`not an XML attribute name: ${attribute}`);
    open += ` ${attribute}="${escapeXmlAttribute(value)}"`;
  }
  const body = children
    .map((child) =>
      child === null || child === undefined || child === false
        ? ""
        : typeof child === "string"
          ? escapeXmlText(child)
          : child.xml,
    )
    .join("");
  return { xml: body === "" ? `${open}/>` : `${open}>${body}</${name}>` } as Markup;
}

/** A whole document: the XML declaration (UTF-8) and its root element. */
export function xmlDocument(root: Markup): string {
  return `<?xml version="1.0" encoding="utf-8"?>\n${root.xml}\n`;
}
