import type { Db } from "../../../db/connect.ts";
import type { QueryOptions } from "../../../odata/ast.ts";
import { dialects } from "../../../odata/dialect.ts";
import type { EntitySet } from "../../../odata/fields.ts";
import type { ParsedQuery } from "../../../odata/parse.ts";
import { nextLink, serializePage } from "../../../odata/serialize.ts";
import { compileColumns, compileOrderBy, selectedFields } from "../../../odata/shape.ts";
import { compileFilter } from "../../../odata/to-kysely.ts";
import { apiDateTime } from "../../../rules/date-time.ts";

export interface ReadSettings {
  /** Most rows in one reply; past it the reply carries `@odata.nextLink`. */
  maxPage: number;
  /** `SITE_URL/api/default`, for the context and next links. */
  apiBase: string;
}

/** One page of an entity set as the JSON body of the reply. Compiles before it queries. */
export async function readEntitySet(
  db: Db,
  set: EntitySet,
  { options, texts }: ParsedQuery,
  { maxPage, apiBase }: ReadSettings,
): Promise<string> {
  const d = dialects[db.dialect];
  const fields = selectedFields(set, options.select);
  const columns = compileColumns(set, fields, d);
  const order = compileOrderBy(set, options.orderBy, d);
  const skip = options.skip ?? 0;
  const pageSize = Math.min(options.top ?? maxPage, maxPage);
  // One row more than the page tells whether a next page exists.
  const paged = options.top === undefined || options.top > maxPage;
  let query = filtered(db, set, options).select(columns);
  for (const term of order) query = query.orderBy(term);
  query = query.limit(pageSize + (paged ? 1 : 0)).offset(skip);
  const [rows, count] = await Promise.all([
    query.execute(),
    options.count ? countEntitySet(db, set, options) : undefined,
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
  // As OData writes it: a reply shaped by $select names its fields in the context.
  const projection = options.select === undefined ? "" : `(${fields.join(",")})`;
  return serializePage({
    context: `${apiBase}/$metadata#${set.name}${projection}`,
    fields,
    rows: page,
    count,
    nextLink: hasMore
      ? nextLink(
          `${apiBase}/${set.name}`,
          texts,
          skip + pageSize,
          options.top === undefined ? undefined : options.top - pageSize,
        )
      : undefined,
  });
}

/** How many rows match the filter (for `$count=true` and the `/$count` segment). */
export async function countEntitySet(
  db: Db,
  set: EntitySet,
  options: QueryOptions,
): Promise<number> {
  const row = await filtered(db, set, options)
    .select((eb) => eb.fn.countAll().as("n"))
    .executeTakeFirst();
  // PostgreSQL returns count(*) as a bigint string.
  return Number(row?.n ?? 0);
}

function filtered(db: Db, set: EntitySet, options: QueryOptions) {
  const query = db.kysely.selectFrom(set.table);
  return options.filter
    ? query.where(compileFilter(options.filter, set, dialects[db.dialect]))
    : query;
}
