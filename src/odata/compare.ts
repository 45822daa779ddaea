import { sql, type RawBuilder, type SqlBool } from "kysely";
import type { CompareOp } from "./ast.ts";
import type { SqlDialect } from "./dialect.ts";
import { ODataError } from "./errors.ts";
import type { ScalarType } from "./fields.ts";

type Sql = RawBuilder<unknown>;
type Bool = RawBuilder<SqlBool>;

/** A compiled operand: its type, SQL, whether it can be null, and (for true/false) its value. */
export interface Operand {
  type: ScalarType | "boolean" | "null" | "collection";
  sql: Sql;
  nullable: boolean;
  label: string;
  constant?: boolean;
}

export const TRUE: Bool = sql<SqlBool>`(1 = 1)`;
export const FALSE: Bool = sql<SqlBool>`(1 = 0)`;
export const not = (x: Sql): Bool => sql<SqlBool>`(not ${x})`;

/** A condition as an operand (`constant` when it is a literal true or false). */
export const bool = (condition: Bool, constant?: boolean): Operand => ({
  type: "boolean",
  sql: condition,
  nullable: false,
  label: "a condition",
  constant,
});

const OPS: Record<CompareOp, (a: Sql, b: Sql) => Bool> = {
  eq: (a, b) => sql<SqlBool>`(${a} = ${b})`,
  ne: (a, b) => sql<SqlBool>`(${a} <> ${b})`,
  gt: (a, b) => sql<SqlBool>`(${a} > ${b})`,
  ge: (a, b) => sql<SqlBool>`(${a} >= ${b})`,
  lt: (a, b) => sql<SqlBool>`(${a} < ${b})`,
  le: (a, b) => sql<SqlBool>`(${a} <= ${b})`,
};
const TEXT_TYPES = new Set(["string", "guid", "datetime"]);

/**
 * `left op right` with OData's two-valued logic: a comparison with null is false (so `not`
 * of it is true), except that null equals null and `ge`/`le` hold between two nulls.
 */
export function compare(op: CompareOp, l: Operand, r: Operand, d: SqlDialect, pos: number): Bool {
  for (const side of [l, r]) {
    if (side.type === "collection") {
      throw new ODataError(
        "$filter",
        `${side.label} is a collection: use ${side.label}/any(…)`,
        pos,
      );
    }
  }
  if (l.type === "null" || r.type === "null") return compareNull(op, l, r);
  if (l.type === "boolean" || r.type === "boolean") return compareBoolean(op, l, r, pos);
  if (l.type !== r.type) {
    throw new ODataError("$filter", `cannot compare ${l.label} with ${r.label}`, pos);
  }
  const [a, b] = TEXT_TYPES.has(l.type) ? [d.ordered(l.sql), d.ordered(r.sql)] : [l.sql, r.sql];
  const plain = OPS[op](a, b);
  if (!l.nullable && !r.nullable) return plain;
  if (l.nullable && r.nullable && (op === "eq" || op === "ne")) {
    return op === "eq" ? d.same(a, b) : not(d.same(a, b));
  }
  if (l.nullable && r.nullable && (op === "ge" || op === "le")) {
    return sql<SqlBool>`coalesce(${plain}, ${l.sql} is null and ${r.sql} is null)`;
  }
  return sql<SqlBool>`coalesce(${plain}, ${op === "ne" ? TRUE : FALSE})`;
}

function compareNull(op: CompareOp, l: Operand, r: Operand): Bool {
  const other = l.type === "null" ? r : l;
  const bothNull = other.type === "null";
  switch (op) {
    case "eq":
      return bothNull ? TRUE : sql<SqlBool>`(${other.sql} is null)`;
    case "ne":
      return bothNull ? FALSE : sql<SqlBool>`(${other.sql} is not null)`;
    case "ge":
    case "le":
      return bothNull ? TRUE : sql<SqlBool>`(${other.sql} is null)`;
    default:
      return FALSE;
  }
}

function compareBoolean(op: CompareOp, l: Operand, r: Operand, pos: number): Bool {
  if (l.type !== r.type) {
    throw new ODataError("$filter", `cannot compare ${l.label} with ${r.label}`, pos);
  }
  if (op !== "eq" && op !== "ne") {
    throw new ODataError("$filter", `true/false values can only be compared with eq or ne`, pos);
  }
  const negate = op === "ne";
  if (l.constant !== undefined && r.constant !== undefined) {
    return (l.constant === r.constant) !== negate ? TRUE : FALSE;
  }
  const known = l.constant ?? r.constant;
  if (known === undefined) {
    throw new ODataError("$filter", "two conditions cannot be compared with each other", pos);
  }
  const condition = l.constant === undefined ? l.sql : r.sql;
  return known !== negate ? sql<SqlBool>`${condition}` : not(condition);
}
