import type { OrderByItem, QueryOptions, SelectItem } from "./ast.ts";
import { ODataError, SyntaxProblem, quote } from "./errors.ts";
import { tokenize, type Token } from "./lexer.ts";
import { parseFilter } from "./parse-filter.ts";

/** The system query options this API reads, in the order they appear in a normalised query. */
export const OPTION_NAMES = [
  "$filter",
  "$orderby",
  "$select",
  "$top",
  "$skip",
  "$count",
  "$format",
] as const;
export type OptionName = (typeof OPTION_NAMES)[number];

const MAX_INTEGER = 2_147_483_647;

/** The parsed options, and their texts by canonical name (for cache keys and next links). */
export interface ParsedQuery {
  options: QueryOptions;
  texts: Partial<Record<OptionName, string>>;
}

/**
 * Reads the query string's parameters. Names starting with `$` must be options this API reads
 * (matched without regard to case, as OData 4.01 allows) and appear once; other parameters
 * (`sf_culture`, `sf_provider`, `sf_site`, anything else) are ignored.
 */
export function parseQuery(params: Iterable<[string, string]>): ParsedQuery {
  const texts: Partial<Record<OptionName, string>> = {};
  for (const [rawName, value] of params) {
    if (!rawName.startsWith("$")) continue;
    const name = OPTION_NAMES.find((n) => n === rawName.toLowerCase());
    if (name === undefined) {
      throw new ODataError(
        quote(rawName).slice(1, -1),
        `not supported (this API reads ${OPTION_NAMES.join(", ")})`,
      );
    }
    if (texts[name] !== undefined) throw new ODataError(name, "given more than once");
    texts[name] = value;
  }
  const options: QueryOptions = { count: false };
  for (const name of OPTION_NAMES) {
    const text = texts[name];
    if (text !== undefined) withOption(name, () => readOption(options, name, text));
  }
  return { options, texts };
}

function readOption(options: QueryOptions, name: OptionName, text: string) {
  switch (name) {
    case "$filter":
      options.filter = parseFilter(text);
      break;
    case "$orderby":
      options.orderBy = parseOrderBy(text);
      break;
    case "$select":
      options.select = parseSelect(text);
      break;
    case "$top":
      options.top = parseInteger(text);
      break;
    case "$skip":
      options.skip = parseInteger(text);
      break;
    case "$count":
      if (text !== "true" && text !== "false") throw new SyntaxProblem("expected true or false");
      options.count = text === "true";
      break;
    case "$format":
      // Only JSON is served; generic OData clients ask for it by name.
      if (!/^(json|application\/json)(;.*)?$/i.test(text.trim()))
        throw new SyntaxProblem("only json is served");
      break;
  }
}

function withOption(name: OptionName, read: () => void) {
  try {
    read();
  } catch (error) {
    if (error instanceof SyntaxProblem) throw new ODataError(name, error.problem, error.position);
    throw error;
  }
}

/** `Field [asc|desc], …` */
export function parseOrderBy(text: string): OrderByItem[] {
  return commaList(text, (tokens, i) => {
    const field = fieldName(tokens[i]);
    const next = tokens[i + 1];
    if (next?.kind === "ident" && (next.text === "asc" || next.text === "desc")) {
      return {
        item: { field: field.text, descending: next.text === "desc", pos: field.pos },
        used: 2,
      };
    }
    return { item: { field: field.text, descending: false, pos: field.pos }, used: 1 };
  });
}

/**
 * `Field, Field, …` (spaces after commas allowed, as Sitefinity's SDK writes them); `*` stands
 * for the fields a reply carries by default, so `*,industries` adds a classification field.
 */
export function parseSelect(text: string): SelectItem[] {
  const readField = (tokens: Token[], i: number) => {
    const field = fieldName(tokens[i]);
    return { item: { field: field.text, pos: field.pos }, used: 1 };
  };
  const m = /^(\s*)\*(\s*)(,|$)/.exec(text);
  if (!m) return commaList(text, readField);
  const star: SelectItem = { field: "*", pos: m[1]!.length };
  if (m[3] === "") return [star];
  // The rest is read in place, the star and its comma blanked, so positions stay the text's own.
  const rest = " ".repeat(m[0].length) + text.slice(m[0].length);
  return [star, ...commaList(rest, readField)];
}

function commaList<T>(
  text: string,
  readItem: (tokens: Token[], index: number) => { item: T; used: number },
): T[] {
  const tokens = tokenize(text);
  const items: T[] = [];
  let i = 0;
  for (;;) {
    const { item, used } = readItem(tokens, i);
    items.push(item);
    i += used;
    const separator = tokens[i] as Token;
    if (separator.kind === "eof") return items;
    if (separator.kind !== ",") {
      throw new SyntaxProblem(
        `expected ',' or the end but found ${quote(separator.text)}`,
        separator.pos,
      );
    }
    i++;
  }
}

function fieldName(token: Token | undefined): Token {
  if (token?.kind === "ident") return token;
  const found = !token || token.kind === "eof" ? "the end" : quote(token.text);
  throw new SyntaxProblem(`expected a field name but found ${found}`, token?.pos);
}

function parseInteger(text: string): number {
  if (!/^\d{1,10}$/.test(text) || Number(text) > MAX_INTEGER) {
    throw new SyntaxProblem(`expected a whole number from 0 to ${MAX_INTEGER}`);
  }
  return Number(text);
}
