import type { entitySetRepository } from "../../../db/repositories/entity-set-repository.ts";
import type { EntitySet } from "../../../odata/fields.ts";
import type { ParsedQuery } from "../../../odata/parse.ts";
import { nextLink, serializePage } from "../../../odata/serialize.ts";

export interface ReadSettings {
  /** Most rows in one reply; past it the reply carries `@odata.nextLink`. */
  maxPage: number;
  /** `SITE_URL/api/default`, for the context and next links. */
  apiBase: string;
}

/** One page of an entity set as the JSON body of the reply: read by the repository, then written. */
export async function readEntitySet(
  repository: ReturnType<typeof entitySetRepository>,
  set: EntitySet,
  { options, texts }: ParsedQuery,
  { maxPage, apiBase }: ReadSettings,
): Promise<string> {
  const page = await repository.readPage(set, options, maxPage);
  // As OData writes it: a reply shaped by $select names its fields in the context.
  const projection = options.select === undefined ? "" : `(${page.fields.join(",")})`;
  return serializePage({
    context: `${apiBase}/$metadata#${set.name}${projection}`,
    fields: page.fields,
    rows: page.rows,
    count: page.count,
    nextLink: page.next
      ? nextLink(`${apiBase}/${set.name}`, texts, page.next.skip, page.next.top)
      : undefined,
  });
}
