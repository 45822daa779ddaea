import { sql, type RawBuilder, type SqlBool } from "kysely";
import type { FilterNode } from "./ast.ts";
import { FALSE, TRUE, bool, compare, not, type Operand } from "./compare.ts";
import type { SqlDialect } from "./dialect.ts";
import { ODataError } from "./errors.ts";
import type { EntitySet, Field } from "./fields.ts";
import { callFunction } from "./functions.ts";
import { fieldOf } from "./shape.ts";

type Bool = RawBuilder<SqlBool>;

interface Scope {
  set: EntitySet;
  d: SqlDialect;
  variables: ReadonlyMap<string, Operand>;
  lambdas: number;
}

/**
 * Compiles a `$filter` tree into a WHERE condition over the entity's table. Fields come from the
 * allow-list, values are bound parameters, and every comparison is type-checked (400 otherwise).
 */
export function compileFilter(node: FilterNode, set: EntitySet, d: SqlDialect): Bool {
  const scope: Scope = { set, d, variables: new Map(), lambdas: 0 };
  return condition(node, scope);
}

function condition(node: FilterNode, scope: Scope): Bool {
  const result = operand(node, scope);
  if (result.type !== "boolean") {
    throw new ODataError("$filter", `expected a condition but found ${result.label}`, node.pos);
  }
  return result.sql as Bool;
}

function operand(node: FilterNode, scope: Scope): Operand {
  const { d } = scope;
  switch (node.kind) {
    case "literal":
      if (node.type === "null")
        return { type: "null", sql: sql`null`, nullable: true, label: "null" };
      if (node.type === "boolean") return bool(node.value ? TRUE : FALSE, node.value === true);
      return {
        type: node.type,
        sql: d.param(node.value as string | number),
        nullable: false,
        label: LITERAL_LABELS[node.type],
      };
    case "member":
      return scope.variables.get(node.name) ?? fieldOperand(node.name, node.pos, scope);
    case "call":
      return callFunction(node.name, node.pos, () => node.args.map((a) => operand(a, scope)), d);
    case "compare":
      return bool(
        compare(node.op, operand(node.left, scope), operand(node.right, scope), d, node.pos),
      );
    case "and":
    case "or":
      return bool(
        balanced(
          node.items.map((item) => condition(item, scope)),
          node.kind,
        ),
      );
    case "not":
      return bool(not(condition(node.operand, scope)));
    case "any":
      return bool(any(node, scope));
  }
}

const LITERAL_LABELS = {
  string: "a string",
  number: "a number",
  guid: "a GUID",
  datetime: "a date",
};

function fieldOperand(name: string, pos: number, { set }: Scope): Operand {
  const field: Field = fieldOf(set, name, "$filter", pos);
  const label = field.type === "collection" ? name : `${name} (${field.type})`;
  if (field.type === "collection")
    return { type: "collection", sql: sql`null`, nullable: false, label };
  return {
    type: field.type,
    sql: sql.ref(`${set.table}.${name}`),
    nullable: field.nullable === true,
    label,
  };
}

/** `collection/any(v: predicate)`: EXISTS over the link table, `v` bound to its element. */
function any(node: Extract<FilterNode, { kind: "any" }>, scope: Scope): Bool {
  const field = fieldOf(scope.set, node.collection, "$filter", node.pos);
  if (field.type !== "collection") {
    throw new ODataError("$filter", `${node.collection} is not a collection`, node.pos);
  }
  const alias = `c${scope.lambdas}`;
  const element: Operand = {
    type: "guid",
    sql: sql.ref(`${alias}.${field.value}`),
    nullable: false,
    label: `${node.variable ?? "element"} (guid)`,
  };
  const variables = new Map(scope.variables);
  if (node.variable !== undefined) variables.set(node.variable, element);
  const inner: Scope = { ...scope, variables, lambdas: scope.lambdas + 1 };
  const link = sql`${sql.table(field.table)} as ${sql.id(alias)}`;
  const owned = sql`${sql.ref(`${alias}.${field.owner}`)} = ${sql.ref(`${scope.set.table}.Id`)}`;
  const predicate = node.predicate ? sql` and ${condition(node.predicate, inner)}` : sql``;
  return sql<SqlBool>`exists (select 1 from ${link} where ${owned}${predicate})`;
}

/** a and b and c as a balanced tree, so long chains stay shallow for the SQL parser. */
function balanced(items: Bool[], word: "and" | "or"): Bool {
  if (items.length === 1) return items[0] as Bool;
  const middle = items.length >> 1;
  const left = balanced(items.slice(0, middle), word);
  const right = balanced(items.slice(middle), word);
  return word === "and"
    ? sql<SqlBool>`(${left} and ${right})`
    : sql<SqlBool>`(${left} or ${right})`;
}
