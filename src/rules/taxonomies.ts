// Which taxonomy is which, by Name and never by Id (an Id differs from one Sitefinity site to
// the next), and the taxon tree's root.

/** Sitefinity's parent id for a top-level taxon. */
export const ROOT_PARENT_ID = "00000000-0000-0000-0000-000000000000";

/** The taxonomy whose flat taxa are the topics, by Name (Sitefinity's built-in Tags). */
export const TAGS_TAXONOMY_NAME = "Tags";
/** The hierarchical taxonomy of industries, by Name. */
export const INDUSTRIES_TAXONOMY_NAME = "industries";

/** The taxonomy a widget or page means by `name`, matched by Name without regard to case. */
export function findTaxonomy<T extends { readonly Name: string }>(
  taxonomies: readonly T[],
  name: string,
): T | undefined {
  const wanted = name.toLocaleLowerCase("en");
  return taxonomies.find(
    (taxonomy) =>
      typeof taxonomy.Name === "string" && taxonomy.Name.toLocaleLowerCase("en") === wanted,
  );
}

/** True for a GUID as OData writes it unquoted in `$filter` (`TaxonomyId eq <guid>`). */
export function isGuid(text: unknown): text is string {
  return (
    typeof text === "string" &&
    /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(text)
  );
}
