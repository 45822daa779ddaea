import type { OptionName } from "./parse.ts";

/** One page of an entity set, ready to be written. */
export interface CollectionPage {
  context: string;
  fields: readonly string[];
  rows: readonly Record<string, unknown>[];
  count?: number;
  nextLink?: string;
}

/**
 * The JSON body: `@odata.context`, `@odata.count`, `value`, `@odata.nextLink`, in that order (as
 * Sitefinity's OData stack writes them); each item's keys in the allow-list's order and only those.
 */
export function serializePage(page: CollectionPage): string {
  const value = page.rows.map((row) => {
    const item: Record<string, unknown> = {};
    for (const field of page.fields) item[field] = row[field] ?? null;
    return item;
  });
  return JSON.stringify({
    "@odata.context": page.context,
    ...(page.count === undefined ? {} : { "@odata.count": page.count }),
    value,
    ...(page.nextLink === undefined ? {} : { "@odata.nextLink": page.nextLink }),
  });
}

/**
 * The address of the next page: the same options with `$skip` moved past this page and `$top`
 * reduced by it (when the client gave one). Values are percent-encoded, spaces as %20.
 */
export function nextLink(
  base: string,
  texts: Partial<Record<OptionName, string>>,
  nextSkip: number,
  remainingTop: number | undefined,
): string {
  const params: string[] = [];
  for (const name of ["$filter", "$orderby", "$select", "$count"] as const) {
    const text = texts[name];
    if (text !== undefined) params.push(`${name}=${encodeURIComponent(text)}`);
  }
  if (remainingTop !== undefined) params.push(`$top=${remainingTop}`);
  params.push(`$skip=${nextSkip}`);
  return `${base}?${params.join("&")}`;
}
