import { sql, type SqlBool } from "kysely";
import { FALSE, bool, type Operand } from "./compare.ts";
import type { SqlDialect } from "./dialect.ts";
import { ODataError, quote } from "./errors.ts";

const ARITY: Record<string, number> = {
  tolower: 1,
  toupper: 1,
  contains: 2,
  startswith: 2,
  endswith: 2,
};
const TESTS = { contains: "contains", startswith: "startsWith", endswith: "endsWith" } as const;

/**
 * The $filter functions over strings: `tolower`/`toupper` (SQL lower/upper) and the
 * case-sensitive `contains`/`startswith`/`endswith`. The name is checked before the arguments.
 */
export function callFunction(
  name: string,
  pos: number,
  compileArgs: () => Operand[],
  d: SqlDialect,
): Operand {
  const arity = Object.hasOwn(ARITY, name) ? ARITY[name] : undefined;
  if (arity === undefined) throw new ODataError("$filter", `unknown function ${quote(name)}`, pos);
  const args = compileArgs();
  if (args.length !== arity) {
    throw new ODataError("$filter", `${name} takes ${arity} argument${arity > 1 ? "s" : ""}`, pos);
  }
  for (const arg of args) {
    if (arg.type !== "string") {
      throw new ODataError("$filter", `${name} needs strings but got ${arg.label}`, pos);
    }
  }
  const [a, b] = args as [Operand, Operand];
  if (name === "tolower" || name === "toupper") {
    const text = name === "tolower" ? sql`lower(${a.sql})` : sql`upper(${a.sql})`;
    return { type: "string", sql: text, nullable: a.nullable, label: `${name}(…) (string)` };
  }
  const test = d[TESTS[name as keyof typeof TESTS]](a.sql, b.sql);
  return bool(a.nullable || b.nullable ? sql<SqlBool>`coalesce(${test}, ${FALSE})` : test);
}
