import { sql, type RawBuilder, type SqlBool } from "kysely";

type Sql = RawBuilder<unknown>;

/**
 * The SQL that differs between SQLite and PostgreSQL. The string tests are case-sensitive as in
 * OData (SQLite's LIKE is not); PostgreSQL compares text under the "C" collation so both order
 * strings by code point; empty collections read as [].
 */
export interface SqlDialect {
  /** A bound parameter; PostgreSQL is told its type, which it cannot infer in `$1 = $2`. */
  param(value: string | number): Sql;
  contains(text: Sql, part: Sql): RawBuilder<SqlBool>;
  startsWith(text: Sql, part: Sql): RawBuilder<SqlBool>;
  endsWith(text: Sql, part: Sql): RawBuilder<SqlBool>;
  /** Text as it should be compared and sorted. */
  ordered(text: Sql): Sql;
  /** Null-safe equality: null equals null, and null differs from every value. */
  same(a: Sql, b: Sql): RawBuilder<SqlBool>;
  /** The ids of a collection, as one value per row (a JSON array). */
  collection(link: Sql, value: Sql, position: Sql, owner: Sql, ownerId: Sql): Sql;
  readCollection(value: unknown): string[];
}

const sqlite: SqlDialect = {
  param: (value) => sql`${value}`,
  contains: (text, part) => sql<SqlBool>`(instr(${text}, ${part}) > 0)`,
  startsWith: (text, part) => sql<SqlBool>`(substr(${text}, 1, length(${part})) = ${part})`,
  // substr(x, -0) is the whole string, so the empty suffix needs its own case.
  endsWith: (text, part) =>
    sql<SqlBool>`(length(${part}) = 0 or substr(${text}, -length(${part})) = ${part})`,
  ordered: (text) => text,
  same: (a, b) => sql<SqlBool>`(${a} is ${b})`,
  collection: (link, value, position, owner, ownerId) =>
    sql`(select json_group_array(${value} order by ${position}) from ${link} where ${owner} = ${ownerId})`,
  readCollection: (value) => (typeof value === "string" ? (JSON.parse(value) as string[]) : []),
};

const postgres: SqlDialect = {
  param: (value) =>
    typeof value === "number"
      ? sql`cast(${value} as double precision)`
      : sql`cast(${value} as text)`,
  contains: (text, part) => sql<SqlBool>`(strpos(${text}, ${part}) > 0)`,
  startsWith: (text, part) => sql<SqlBool>`(left(${text}, length(${part})) = ${part})`,
  endsWith: (text, part) => sql<SqlBool>`(right(${text}, length(${part})) = ${part})`,
  ordered: (text) => sql`(${text} collate "C")`,
  same: (a, b) => sql<SqlBool>`(${a} is not distinct from ${b})`,
  collection: (link, value, position, owner, ownerId) =>
    sql`(select coalesce(json_agg(${value} order by ${position}), '[]'::json) from ${link} where ${owner} = ${ownerId})`,
  readCollection: (value) => (Array.isArray(value) ? (value as string[]) : []),
};

/** The databases the API's queries compile for; src/db/connect.ts names its dialects alike. */
export type SqlDialectName = "sqlite" | "postgres";

/** The SQL pieces for a database's dialect. */
export const dialects: Record<SqlDialectName, SqlDialect> = { sqlite, postgres };
