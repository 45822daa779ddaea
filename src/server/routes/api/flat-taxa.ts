import type { EntitySet, Field } from "../../../odata/fields.ts";

/** The fields flat and hierarchical taxa share, in Sitefinity's order. */
export const taxonFields: Readonly<Record<string, Field>> = {
  Id: { type: "guid" },
  Title: { type: "string" },
  Name: { type: "string" },
  UrlName: { type: "string" },
  Description: { type: "string" },
  Synonyms: { type: "string" },
  Ordinal: { type: "number" },
  TaxonomyId: { type: "guid" },
};

/** Flat taxa, such as the Tags (the site's topics). */
export const flatTaxa: EntitySet = { name: "flat-taxa", table: "flat_taxa", fields: taxonFields };
