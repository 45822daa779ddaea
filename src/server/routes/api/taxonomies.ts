import type { EntitySet } from "../../../odata/fields.ts";

/**
 * Taxonomies: Type 0 is flat (Tags), 1 is hierarchical (industries); TaxaUrl is the entity set
 * that holds the taxonomy's taxa (`flat-taxa` or `hierarchy-taxa`), as in Sitefinity.
 */
export const taxonomies: EntitySet = {
  name: "taxonomies",
  typeName: "Taxonomy",
  table: "taxonomies",
  fields: {
    Id: { type: "guid" },
    LastModified: { type: "datetime" },
    Name: { type: "string" },
    Title: { type: "string" },
    TaxaUrl: { type: "string" },
    TaxonName: { type: "string" },
    Type: { type: "number", edm: "Edm.Int32" },
  },
};
