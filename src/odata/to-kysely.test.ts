import fc from "fast-check";
import {
  DummyDriver,
  type DatabaseIntrospector,
  type DialectAdapter,
  type QueryCompiler,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
} from "kysely";
import { describe, expect, it } from "vitest";
import { dialects, type SqlDialectName } from "./dialect.ts";
import type { EntitySet } from "./fields.ts";
import { parseFilter } from "./parse-filter.ts";
import { parseOrderBy, parseSelect } from "./parse.ts";
import { compileColumns, compileOrderBy, selectedFields } from "./shape.ts";
import { compileFilter } from "./to-kysely.ts";

// An allow-list of the API's deals, cut to the fields these tests name (the API's own, in full, is
// tried through the server in src/server/routes/api/).
const transactions: EntitySet = {
  name: "transactions",
  typeName: "Transaction",
  table: "transactions",
  fields: {
    Id: { type: "guid" },
    LastModified: { type: "datetime" },
    Date: { type: "datetime" },
    Company: { type: "string" },
    Size: { type: "number", nullable: true },
    Description: { type: "string" },
    industries: {
      type: "collection",
      table: "transaction_industries",
      owner: "TransactionId",
      value: "TaxonId",
      position: "Position",
    },
  },
};

/** The tables the compiled queries name, as Kysely is told them. */
interface Tables {
  transactions: { Id: string; Position: number };
  transaction_industries: { TransactionId: string; TaxonId: string; Position: number };
}

/**
 * Kysely with no database, over one dialect's parts: it only compiles, so the SQL and its
 * parameters can be read.
 */
function compileOnly(
  Adapter: new () => DialectAdapter,
  Introspector: new (db: Kysely<unknown>) => DatabaseIntrospector,
  Compiler: new () => QueryCompiler,
) {
  return new Kysely<Tables>({
    dialect: {
      createAdapter: () => new Adapter(),
      createDriver: () => new DummyDriver(),
      createIntrospector: (db) => new Introspector(db),
      createQueryCompiler: () => new Compiler(),
    },
  });
}

const compilers = {
  sqlite: compileOnly(SqliteAdapter, SqliteIntrospector, SqliteQueryCompiler),
  postgres: compileOnly(PostgresAdapter, PostgresIntrospector, PostgresQueryCompiler),
};

function where(filter: string, dialect: SqlDialectName = "sqlite") {
  const condition = compileFilter(parseFilter(filter), transactions, dialects[dialect]);
  const { sql, parameters } = compilers[dialect]
    .selectFrom("transactions")
    .select("Id")
    .where(condition)
    .compile();
  return { sql: sql.replace(/^select "Id" from "transactions" where /, ""), parameters };
}

const G = "3f2504e0-4f89-11d3-9a0c-0305e82c3301";

describe("compileFilter", () => {
  it.each<[string, SqlDialectName, string, unknown[]]>([
    ["Company eq 'x'", "sqlite", `("transactions"."Company" = ?)`, ["x"]],
    [
      "Company eq 'x'",
      "postgres",
      `(("transactions"."Company" collate "C") = (cast($1 as text) collate "C"))`,
      ["x"],
    ],
    ["Size gt 5", "sqlite", `coalesce(("transactions"."Size" > ?), (1 = 0))`, [5]],
    ["Size ne 5", "sqlite", `coalesce(("transactions"."Size" <> ?), (1 = 1))`, [5]],
    ["Size eq null", "sqlite", `("transactions"."Size" is null)`, []],
    ["Size gt null", "sqlite", `(1 = 0)`, []],
    ["contains(Company, 'a')", "sqlite", `(instr("transactions"."Company", ?) > 0)`, ["a"]],
    [
      "contains(Company, 'a')",
      "postgres",
      `(strpos("transactions"."Company", cast($1 as text)) > 0)`,
      ["a"],
    ],
    [`Id eq ${G.toUpperCase()}`, "sqlite", `("transactions"."Id" = ?)`, [G]],
    // Bound in the stored form, 7 fractional digits, so that text order is time order.
    [
      "Date ge 2020-01-01",
      "sqlite",
      `("transactions"."Date" >= ?)`,
      ["2020-01-01T00:00:00.0000000Z"],
    ],
    [
      "Date lt 2020-01-01T10:20:30.25+02:00",
      "postgres",
      `(("transactions"."Date" collate "C") < (cast($1 as text) collate "C"))`,
      ["2020-01-01T08:20:30.2500000Z"],
    ],
    [
      "contains(Company,'a') eq false",
      "sqlite",
      `(not (instr("transactions"."Company", ?) > 0))`,
      ["a"],
    ],
    [
      `industries/any(x: x eq ${G})`,
      "sqlite",
      `exists (select 1 from "transaction_industries" as "c0" where "c0"."TransactionId" = "transactions"."Id" and ("c0"."TaxonId" = ?))`,
      [G],
    ],
  ])("compiles %j for %s", (filter, dialect, sql, parameters) => {
    expect(where(filter, dialect)).toEqual({ sql, parameters });
  });

  it("nests long and/or chains as a balanced tree", () => {
    const filter = Array.from({ length: 64 }, (_, i) => `Size eq ${i}`).join(" or ");
    const { sql } = where(filter);
    let depth = 0;
    let deepest = 0;
    for (const ch of sql) {
      depth += ch === "(" ? 1 : ch === ")" ? -1 : 0;
      deepest = Math.max(deepest, depth);
    }
    expect(deepest).toBeLessThan(12);
  });

  it.each([
    ["Sizee eq 1", "$filter: unknown field 'Sizee' at position 0"],
    ["size eq 1", "$filter: unknown field 'size' (did you mean 'Size'?) at position 0"],
    ["Size eq 'x'", "$filter: cannot compare Size (number) with a string at position 0"],
    ["Date gt '2020-01-01'", "$filter: cannot compare Date (datetime) with a string at position 0"],
    [`Company eq ${G}`, "$filter: cannot compare Company (string) with a GUID at position 0"],
    ["Size", "$filter: expected a condition but found Size (number) at position 0"],
    ["industries eq 1", "$filter: industries is a collection: use industries/any(…) at position 0"],
    ["Company/any(x: x eq 1)", "$filter: Company is not a collection at position 0"],
    [
      `industries/any(x: x eq 'a')`,
      "$filter: cannot compare x (guid) with a string at position 18",
    ],
    ["contains(Size, 'a')", "$filter: contains needs strings but got Size (number) at position 0"],
    ["tolower(Company, 'a') eq 'a'", "$filter: tolower takes 1 argument at position 0"],
    ["substringof('a', Company)", "$filter: unknown function 'substringof' at position 0"],
    [
      "true gt false",
      "$filter: true/false values can only be compared with eq or ne at position 0",
    ],
    ["not Size", "$filter: expected a condition but found Size (number) at position 4"],
  ])("rejects %j", (filter, message) => {
    expect(() => where(filter)).toThrow(message);
  });

  it("binds every literal as a parameter: the SQL text never depends on the values", () => {
    const filter = (text: string, n: number) => {
      const literal = `'${text.replaceAll("'", "''")}'`;
      return `Company eq ${literal} or contains(Description, ${literal}) or Size gt ${n}`;
    };
    fc.assert(
      fc.property(
        // Control characters are refused by the lexer; everything else must pass through.
        fc.string({ minLength: 1 }).map((s) => s.replace(/\p{Cc}/gu, "")),
        fc.double({ noNaN: true, noDefaultInfinity: true }),
        fc.constantFrom<SqlDialectName>("sqlite", "postgres"),
        (text, n, dialect) => {
          const { sql, parameters } = where(filter(text, n), dialect);
          expect(sql).toBe(where(filter("x", 1), dialect).sql);
          expect(parameters).toEqual([text, text, Number(String(n))]);
        },
      ),
      { numRuns: 500 },
    );
  });
});

describe("shape", () => {
  it("selects in the allow-list's order whatever the $select order", () => {
    expect(selectedFields(transactions, parseSelect("industries, Company,Id"))).toEqual([
      "Id",
      "Company",
      "industries",
    ]);
    expect(selectedFields(transactions, parseSelect("Description,LastModified"))).toEqual([
      "LastModified",
      "Description",
    ]);
    expect(() => selectedFields(transactions, parseSelect("Id, Nope"))).toThrow(
      "$select: unknown field 'Nope' at position 4",
    );
  });

  it("leaves the classification field out unless $select names it, as Sitefinity does", () => {
    const defaults = ["Id", "LastModified", "Date", "Company", "Size", "Description"];
    expect(selectedFields(transactions, undefined)).toEqual(defaults);
    expect(selectedFields(transactions, [{ field: "*", pos: 0 }])).toEqual(defaults);
    expect(selectedFields(transactions, parseSelect("*"))).toEqual(defaults);
    expect(selectedFields(transactions, parseSelect("*,industries"))).toEqual([
      ...defaults,
      "industries",
    ]);
    expect(selectedFields(transactions, parseSelect("*, Company, Id"))).toEqual(defaults);
    expect(() => selectedFields(transactions, parseSelect("*,Nope"))).toThrow(
      "$select: unknown field 'Nope' at position 2",
    );
  });

  it("reads a collection as a JSON array in Position order", () => {
    const [column] = compileColumns(transactions, ["industries"], dialects.sqlite);
    const { sql } = compilers.sqlite.selectFrom("transactions").select(column!).compile();
    expect(sql).toContain(
      `json_group_array("transaction_industries"."TaxonId" order by "transaction_industries"."Position")`,
    );
  });

  it.each<[string, SqlDialectName, string]>([
    [
      "Date desc, Size",
      "sqlite",
      `"transactions"."Date" desc, "transactions"."Size" asc nulls first, "transactions"."Position" asc`,
    ],
    [
      "Size desc, Company",
      "postgres",
      `"transactions"."Size" desc nulls last, ("transactions"."Company" collate "C") asc, "transactions"."Position" asc`,
    ],
  ])("orders %j in %s, then by import order", (orderBy, dialect, expected) => {
    let query = compilers[dialect].selectFrom("transactions").select("Id");
    for (const term of compileOrderBy(transactions, parseOrderBy(orderBy), dialects[dialect]))
      query = query.orderBy(term);
    expect(query.compile().sql).toBe(`select "Id" from "transactions" order by ${expected}`);
  });

  it("refuses to order by a collection or an unknown field", () => {
    expect(() => compileOrderBy(transactions, parseOrderBy("industries"), dialects.sqlite)).toThrow(
      "$orderby: cannot order by the collection industries at position 0",
    );
    expect(() =>
      compileOrderBy(transactions, parseOrderBy("Id, Sizee desc"), dialects.sqlite),
    ).toThrow("$orderby: unknown field 'Sizee' at position 4");
  });
});
