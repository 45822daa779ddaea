import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { FilterNode } from "./ast.ts";
import { ODataError } from "./errors.ts";
import { parseFilter } from "./parse-filter.ts";
import { OPTION_NAMES, parseQuery, parseSelect } from "./parse.ts";

const G = "3f2504e0-4f89-11d3-9a0c-0305e82c3301";

/** A tree printed back as a compact string, so expectations read like the input. */
function show(node: FilterNode): string {
  switch (node.kind) {
    case "literal":
      return node.type === "string"
        ? `'${String(node.value)}'`
        : `${node.type}:${String(node.value)}`;
    case "member":
      return node.name;
    case "call":
      return `${node.name}(${node.args.map(show).join(",")})`;
    case "compare":
      return `[${show(node.left)} ${node.op} ${show(node.right)}]`;
    case "and":
    case "or":
      return `{${node.items.map(show).join(` ${node.kind} `)}}`;
    case "not":
      return `!${show(node.operand)}`;
    case "any":
      return `${node.collection}/any(${node.variable ?? ""}:${node.predicate ? show(node.predicate) : ""})`;
  }
}

const query = (q: string) => parseQuery(new URLSearchParams(q));

describe("parseFilter", () => {
  it.each([
    ["Size gt 5", "[Size gt number:5]"],
    ["Size eq -1.5e3", "[Size eq number:-1500]"],
    ["Company eq 'O''Brien'", "[Company eq 'O'Brien']"],
    ["Company eq ''", "[Company eq '']"],
    ["Size eq null", "[Size eq null:null]"],
    ["true", "boolean:true"],
    [`TaxonomyId eq ${G.toUpperCase()}`, `[TaxonomyId eq guid:${G}]`],
    ["Date gt 2020-01-01", "[Date gt datetime:2020-01-01T00:00:00.0000000Z]"],
    ["Date le 2020-01-01T10:20:30+02:00", "[Date le datetime:2020-01-01T08:20:30.0000000Z]"],
    ["Date lt 2020-01-01T10:20:30.250Z", "[Date lt datetime:2020-01-01T10:20:30.2500000Z]"],
    ["Date lt 2020-01-01T10:20:30.1234567Z", "[Date lt datetime:2020-01-01T10:20:30.1234567Z]"],
    ["A eq 1 or B eq 2 and C eq 3", "{[A eq number:1] or {[B eq number:2] and [C eq number:3]}}"],
    ["(A eq 1 or B eq 2) and C eq 3", "{{[A eq number:1] or [B eq number:2]} and [C eq number:3]}"],
    ["(A eq 'x') and (B eq 'y')", "{[A eq 'x'] and [B eq 'y']}"],
    ["not (Size gt 5)", "![Size gt number:5]"],
    ["not Size gt 5", "![Size gt number:5]"],
    ["not(contains(Company,'a'))", "!contains(Company,'a')"],
    ["contains(tolower(Company), 'abc')", "contains(tolower(Company),'abc')"],
    ["startswith(Company,'A') eq false", "[startswith(Company,'A') eq boolean:false]"],
    [`industries/any(x:x eq ${G})`, `industries/any(x:[x eq guid:${G}])`],
    [`Tags/any(t: t eq ${G} or t eq ${G})`, `Tags/any(t:{[t eq guid:${G}] or [t eq guid:${G}]})`],
    ["industries/any()", "industries/any(:)"],
    ["\tSize  eq\n5 ", "[Size eq number:5]"],
  ])("reads %j", (input, expected) => {
    expect(show(parseFilter(input))).toBe(expected);
  });

  it("keeps the position of each node", () => {
    const node = parseFilter("Size gt 5 and Company eq 'x'");
    expect(node).toMatchObject({ kind: "and", pos: 0, items: [{ pos: 0 }, { pos: 14 }] });
    expect(parseFilter("  Size eq 1")).toMatchObject({ left: { pos: 2 }, right: { pos: 10 } });
  });

  it.each([
    ["", "expected a field, a literal or '(' but found the end at position 0"],
    ["Size eq", "expected a field, a literal or '(' but found the end at position 7"],
    ["Size eq 'x' or", "expected a field, a literal or '(' but found the end at position 14"],
    ["Company eq 'abc", "unterminated string at position 11"],
    ["(Size eq 1", "expected ')' but found the end at position 10"],
    ["Size eq 1)", "expected 'and', 'or' or the end but found ')' at position 9"],
    ["Size EQ 1", "expected 'and', 'or' or the end but found 'EQ' at position 5"],
    ["Size eq 5M", "invalid literal '5M' at position 8"],
    ["Date eq 2020-13-01", "invalid date '2020-13-01' at position 8"],
    ["Size eq 1e999", "number out of range '1e999' at position 8"],
    ["Size eq 1; DROP TABLE transactions", "unexpected character ';' at position 9"],
    ["Company eq 'a\u0000b'", "control character in string at position 11"],
    ["Size eq \u0000", "unexpected character U+0000 at position 8"],
    ["Size eq *", "unexpected character '*' at position 8"],
    [`Tags/all(t: t eq ${G})`, "unsupported lambda operator 'all' at position 5"],
    ["Tags/any(t t eq 1)", "expected ':' but found 't' at position 11"],
    ["contains(Company,)", "expected a field, a literal or '(' but found ')' at position 17"],
    ["(".repeat(41) + "1" + ")".repeat(41), "nested more than 40 deep at position 40"],
  ])("rejects %j: %s", (input, message) => {
    expect(() => parseFilter(input)).toThrow(message);
  });
});

describe("parseSelect", () => {
  it.each<[string, { field: string; pos: number }[]]>([
    ["Id", [{ field: "Id", pos: 0 }]],
    [
      "Id, Title",
      [
        { field: "Id", pos: 0 },
        { field: "Title", pos: 4 },
      ],
    ],
    ["*", [{ field: "*", pos: 0 }]],
    [" * ", [{ field: "*", pos: 1 }]],
    [
      "*,industries",
      [
        { field: "*", pos: 0 },
        { field: "industries", pos: 2 },
      ],
    ],
    [
      " * , Id,Tags",
      [
        { field: "*", pos: 1 },
        { field: "Id", pos: 5 },
        { field: "Tags", pos: 8 },
      ],
    ],
  ])("reads %j, each item at its place in the text", (text, expected) => {
    expect(parseSelect(text)).toEqual(expected);
  });
});

describe("parseQuery", () => {
  it("reads every option, ignoring non-$ parameters such as sf_culture", () => {
    const { options, texts } = query(
      "$filter=Size gt 1&$orderby=Date desc, Company&$select=Id, Title&$top=5&$skip=10&$count=true&$format=json&sf_culture=en&sf_provider=x&sf_site=y&other=1",
    );
    expect(options).toMatchObject({
      orderBy: [
        { field: "Date", descending: true, pos: 0 },
        { field: "Company", descending: false, pos: 11 },
      ],
      select: [
        { field: "Id", pos: 0 },
        { field: "Title", pos: 4 },
      ],
      top: 5,
      skip: 10,
      count: true,
    });
    expect(texts.$orderby).toBe("Date desc, Company");
    expect(texts.$format).toBe("json");
  });

  it("matches option names without regard to case and reads $select=* as the star item", () => {
    expect(query("$TOP=3&$Select=*").options).toEqual({
      top: 3,
      count: false,
      select: [{ field: "*", pos: 0 }],
    });
  });

  it.each(["json", "JSON", "application/json", "application/json;odata.metadata=minimal"])(
    "accepts $format=%s and leaves the options as they are",
    (format) => {
      const { options, texts } = query(`$format=${encodeURIComponent(format)}&$top=2`);
      expect(options).toEqual({ top: 2, count: false });
      expect(texts.$format).toBe(format);
      expect(query(`$FORMAT=${encodeURIComponent(format)}`).options).toEqual({ count: false });
    },
  );

  it.each([
    [
      "$expand=Tags",
      "$expand: not supported (this API reads $filter, $orderby, $select, $top, $skip, $count, $format)",
    ],
    ["$format=xml", "$format: only json is served"],
    ["$format=application/atom+xml", "$format: only json is served"],
    ["$format=", "$format: only json is served"],
    ["$format=json&$format=json", "$format: given more than once"],
    ["$search=x", "$search: not supported"],
    ["$top=1&$top=2", "$top: given more than once"],
    ["$top=-1", "$top: expected a whole number from 0 to 2147483647"],
    ["$top=1.5", "$top: expected a whole number"],
    ["$skip=99999999999", "$skip: expected a whole number"],
    ["$top=", "$top: expected a whole number"],
    ["$count=yes", "$count: expected true or false"],
    [
      "$orderby=Date descending",
      "$orderby: expected ',' or the end but found 'descending' at position 5",
    ],
    ["$orderby=", "$orderby: expected a field name but found the end at position 0"],
    ["$orderby=Date,", "$orderby: expected a field name but found the end at position 5"],
    ["$select=Id,,Title", "$select: expected a field name but found ',' at position 3"],
    ["$select=Id Title", "$select: expected ',' or the end but found 'Title' at position 3"],
    ["$select=Id,*", "$select: unexpected character '*' at position 3"],
    ["$select=*,*", "$select: unexpected character '*' at position 2"],
    ["$select=*,", "$select: expected a field name but found the end at position 2"],
    [
      "$filter=Size eq",
      "$filter: expected a field, a literal or '(' but found the end at position 7",
    ],
  ])("rejects %j with %j", (q, message) => {
    expect(() => query(q)).toThrow(ODataError);
    expect(() => query(q)).toThrow(message);
  });

  it("only ever returns options or throws an ODataError, whatever the text", () => {
    const pieces = fc.constantFrom(
      ..."Size Date Company Id industries Tags x eq ne gt ge lt le and or not any all contains tolower null true ( ) ( ) , / : ' '' 1 -2.5 1e5 2020-01-01 2020-01-01T00:00:00Z $ * ; -- /* */".split(
        " ",
      ),
      G,
    );
    const text = fc.oneof(
      fc.string({ maxLength: 60 }),
      fc.array(pieces, { maxLength: 25 }).map((parts) => parts.join(" ")),
      fc.array(pieces, { maxLength: 25 }).map((parts) => parts.join("")),
    );
    const name = fc.constantFrom(...OPTION_NAMES);
    fc.assert(
      fc.property(name, text, (option, value) => {
        try {
          parseQuery([[option, value]]);
        } catch (error) {
          expect(error).toBeInstanceOf(ODataError);
          expect((error as ODataError).message.startsWith(`${option}: `)).toBe(true);
        }
      }),
      { numRuns: 3000 },
    );
  });
});
