// Which taxonomy is which, and the taxon tree's root (DESIGN §4).

/** Sitefinity's parent id for a top-level taxon. */
export const ROOT_PARENT_ID = "00000000-0000-0000-0000-000000000000";

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
