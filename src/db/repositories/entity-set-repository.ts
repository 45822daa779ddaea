import type { QueryOptions } from "../../odata/ast.ts";
import { dialects } from "../../odata/dialect.ts";
import type { EntitySet } from "../../odata/fields.ts";
import { compileColumns, compileOrderBy, selectedFields } from "../../odata/shape.ts";
import { compileFilter } from "../../odata/to-kysely.ts";
import { apiDateTime } from "../../rules/date-time.ts";
import type { Db } from "../connect.ts";
import type { Database } from "../schema.ts";

/** One page of an entity set's rows, each field in the API's form. */
export interface EntityPage {
  /** The fields each row carries, in the allow-list's order. */
  fields: string[];
  rows: Record<string, unknown>[];
  /** The number of rows the filter matches, when `$count=true` asked for it. */
  count?: number;
  /** Where the next page starts, and how much of `$top` it leaves, when the page was cut short. */
  next?: { skip: number; top?: number };
}

/** The read API's queries: an entity set filtered, ordered, shaped and paged by OData options. */
export function entitySetRepository(db: Db) {
  const d = dialects[db.dialect];
  const filtered = (set: EntitySet, options: QueryOptions) => {
    // The OData layer knows no schema, so an allow-list names its table as text; the API's tests
    // read every set, so a name that is no table fails there.
    const query = db.kysely.selectFrom(set.table as keyof Database);
    return options.filter ? query.where(compileFilter(options.filter, set, d)) : query;
  };

  /** How many rows match the filter (for `$count=true` and the `/$count` segment). */
  async function count(set: EntitySet, options: QueryOptions): Promise<number> {
    const row = await filtered(set, options)
      .select((eb) => eb.fn.countAll().as("n"))
      .executeTakeFirst();
    // PostgreSQL returns count(*) as a bigint string.
    return Number(row?.n ?? 0);
  }

  /**
   * One page: at most `maxPage` rows, or `$top` when it is smaller. Compiles every option (a
   * 400 for a bad one) before it queries.
   */
  async function readPage(
    set: EntitySet,
    options: QueryOptions,
    maxPage: number,
  ): Promise<EntityPage> {
    const fields = selectedFields(set, options.select);
    const columns = compileColumns(set, fields, d);
    const order = compileOrderBy(set, options.orderBy, d);
    const skip = options.skip ?? 0;
    const pageSize = Math.min(options.top ?? maxPage, maxPage);
    // One row more than the page tells whether a next page exists.
    const paged = options.top === undefined || options.top > maxPage;
    let query = filtered(set, options).select(columns);
    for (const term of order) query = query.orderBy(term);
    query = query.limit(pageSize + (paged ? 1 : 0)).offset(skip);
    const [rows, total] = await Promise.all([
      query.execute(),
      options.count ? count(set, options) : undefined,
    ]);
    const hasMore = paged && rows.length > pageSize;
    const page = hasMore ? rows.slice(0, pageSize) : rows;
    for (const row of page) {
      for (const name of fields) {
        const type = set.fields[name]?.type;
        if (type === "collection") row[name] = d.readCollection(row[name]);
        // Stored with 7 fractional digits; written as Sitefinity writes them, trailing zeros dropped.
        else if (type === "datetime" && typeof row[name] === "string")
          row[name] = apiDateTime(row[name]);
      }
    }
    return {
      fields,
      rows: page,
      count: total,
      next: hasMore
        ? {
            skip: skip + pageSize,
            top: options.top === undefined ? undefined : options.top - pageSize,
          }
        : undefined,
    };
  }

  return { readPage, count };
}
