import { sql, type AliasedRawBuilder, type RawBuilder } from "kysely";
import type { OrderByItem, SelectItem } from "./ast.ts";
import type { SqlDialect } from "./dialect.ts";
import { ODataError, quote } from "./errors.ts";
import { isSelectedByDefault, type EntitySet, type Field } from "./fields.ts";

/** The field of the allow-list named `name`, or a 400 naming the option, the field and where. */
export function fieldOf(set: EntitySet, name: string, option: string, pos?: number): Field {
  const field = Object.hasOwn(set.fields, name) ? set.fields[name] : undefined;
  if (field) return field;
  const near = Object.keys(set.fields).find((f) => f.toLowerCase() === name.toLowerCase());
  const hint = near ? ` (did you mean '${near}'?)` : "";
  throw new ODataError(option, `unknown field ${quote(name)}${hint}`, pos);
}

/**
 * The fields a reply carries, in the allow-list's order: without `$select` (or with `*`) every
 * field but the classification fields, which Sitefinity sends only when `$select` names them.
 */
export function selectedFields(set: EntitySet, select: SelectItem[] | undefined): string[] {
  const names = Object.keys(set.fields);
  const byDefault = (name: string) => isSelectedByDefault(set.fields[name] as Field);
  if (select === undefined) return names.filter(byDefault);
  const wanted = new Set<string>();
  for (const item of select) {
    if (item.field === "*") {
      for (const name of names.filter(byDefault)) wanted.add(name);
    } else {
      fieldOf(set, item.field, "$select", item.pos);
      wanted.add(item.field);
    }
  }
  return names.filter((name) => wanted.has(name));
}

/** SELECT columns for the fields; a collection becomes one JSON array of its ids per row. */
export function compileColumns(
  set: EntitySet,
  fields: string[],
  d: SqlDialect,
): AliasedRawBuilder<unknown, string>[] {
  return fields.map((name) => {
    const field = fieldOf(set, name, "$select");
    if (field.type !== "collection") return sql.ref(`${set.table}.${name}`).as(name);
    const column = (c: string) => sql.ref(`${field.table}.${c}`);
    return d
      .collection(
        sql.table(field.table),
        column(field.value),
        column(field.position),
        column(field.owner),
        sql.ref(`${set.table}.Id`),
      )
      .as(name);
  });
}

/**
 * ORDER BY terms for `$orderby`, then import order (Position) so that equal keys and pages are
 * stable. Nulls sort first ascending and last descending, as OData specifies, in both dialects.
 */
export function compileOrderBy(
  set: EntitySet,
  items: OrderByItem[] | undefined,
  d: SqlDialect,
): RawBuilder<unknown>[] {
  const terms = (items ?? []).map((item) => {
    const field = fieldOf(set, item.field, "$orderby", item.pos);
    if (field.type === "collection") {
      throw new ODataError("$orderby", `cannot order by the collection ${item.field}`, item.pos);
    }
    const ref = sql.ref(`${set.table}.${item.field}`);
    const key = field.type === "number" ? ref : d.ordered(ref);
    const nulls = field.nullable === true;
    if (item.descending) return nulls ? sql`${key} desc nulls last` : sql`${key} desc`;
    return nulls ? sql`${key} asc nulls first` : sql`${key} asc`;
  });
  return [...terms, sql`${sql.ref(`${set.table}.Position`)} asc`];
}
