import type { EntitySet, Field } from "../../../odata/fields.ts";

/** The fields flat and hierarchical taxa share, in Sitefinity's order. */
export const taxonFields: Readonly<Record<string, Field>> = {
  Id: { type: "guid" },
  LastModified: { type: "datetime" },
  Title: { type: "string" },
  Name: { type: "string" },
  UrlName: { type: "string" },
  Description: { type: "string" },
  Synonyms: { type: "string" },
  // A System.Single in Sitefinity.
  Ordinal: { type: "number", edm: "Edm.Single" },
  TaxonomyId: { type: "guid" },
};

/** Flat taxa, such as the Tags (the site's topics). */
export const flatTaxa: EntitySet = {
  name: "flat-taxa",
  typeName: "FlatTaxon",
  table: "flat_taxa",
  fields: taxonFields,
};
