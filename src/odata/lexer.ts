import { storedDateTime } from "../rules/date-time.ts";
import { SyntaxProblem, quote } from "./errors.ts";

export type TokenKind =
  "ident" | "string" | "number" | "guid" | "datetime" | "(" | ")" | "," | "/" | ":" | "eof";

/**
 * One token; `value` is the decoded literal: a string unescaped, a GUID lower-cased, a date in
 * the stored form (7 fractional digits) that the database compares with.
 */
export interface Token {
  kind: TokenKind;
  text: string;
  value: string | number;
  pos: number;
}

const GUID = /[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}/y;
const DATETIME =
  /\d{4}-\d{2}-\d{2}(?:T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:\d{2})?)?/y;
const NUMBER = /-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
const IDENT = /[A-Za-z_][A-Za-z0-9_]*/y;
const PUNCT = new Set(["(", ")", ",", "/", ":"]);
const SPACE = new Set([" ", "\t", "\r", "\n"]);
// A literal must not run straight into a name: `5M` or `2020-01-01x` is one bad token, not two.
const NAME_CHAR = /[A-Za-z0-9_.:-]/;
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/;

/** Splits an option's text into tokens; throws a SyntaxProblem naming the bad character. */
export function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  let pos = 0;
  while (pos < text.length) {
    const ch = text.charAt(pos);
    if (SPACE.has(ch)) {
      pos++;
      continue;
    }
    const token = ch === "'" ? readString(text, pos) : readOther(text, pos, ch);
    tokens.push(token);
    pos += token.text.length;
  }
  tokens.push({ kind: "eof", text: "", value: "", pos: text.length });
  return tokens;
}

function readString(text: string, start: number): Token {
  let value = "";
  let pos = start + 1;
  for (;;) {
    const end = text.indexOf("'", pos);
    if (end < 0) throw new SyntaxProblem("unterminated string", start);
    value += text.slice(pos, end);
    if (text.charAt(end + 1) !== "'") {
      const bad = CONTROL.exec(value);
      if (bad) throw new SyntaxProblem("control character in string", start);
      return { kind: "string", text: text.slice(start, end + 1), value, pos: start };
    }
    value += "'";
    pos = end + 2;
  }
}

function readOther(text: string, pos: number, ch: string): Token {
  if (PUNCT.has(ch)) return { kind: ch as TokenKind, text: ch, value: ch, pos };
  const guid = match(GUID, text, pos);
  if (guid !== null) return { kind: "guid", text: guid, value: guid.toLowerCase(), pos };
  const date = match(DATETIME, text, pos);
  if (date !== null) {
    const value = storedDateTime(date);
    if (value === null) throw new SyntaxProblem(`invalid date ${quote(date)}`, pos);
    return { kind: "datetime", text: date, value, pos };
  }
  const number = match(NUMBER, text, pos);
  if (number !== null) {
    const value = Number(number);
    if (!Number.isFinite(value))
      throw new SyntaxProblem(`number out of range ${quote(number)}`, pos);
    return { kind: "number", text: number, value, pos };
  }
  const ident = match(IDENT, text, pos);
  if (ident !== null) return { kind: "ident", text: ident, value: ident, pos };
  if (/[-\d]/.test(ch)) throw new SyntaxProblem(`invalid literal ${quote(word(text, pos))}`, pos);
  const shown = CONTROL.test(ch)
    ? `U+${ch.charCodeAt(0).toString(16).padStart(4, "0")}`
    : quote(ch);
  throw new SyntaxProblem(`unexpected character ${shown}`, pos);
}

/** The sticky pattern's match at `pos`, when it is not followed by more of a name. */
function match(pattern: RegExp, text: string, pos: number): string | null {
  pattern.lastIndex = pos;
  const m = pattern.exec(text);
  if (!m) return null;
  const next = text.charAt(pos + m[0].length);
  if (pattern !== IDENT && next !== "" && NAME_CHAR.test(next)) {
    // `5M`, `2020-01-01x`, a GUID with a tail: one malformed literal.
    throw new SyntaxProblem(`invalid literal ${quote(word(text, pos))}`, pos);
  }
  return m[0];
}

function word(text: string, pos: number): string {
  const m = /[^\s(),/':]*/y;
  m.lastIndex = pos;
  return m.exec(text)?.[0] || text.charAt(pos);
}
