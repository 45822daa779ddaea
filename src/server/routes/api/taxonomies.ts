import type { EntitySet } from "../../../odata/fields.ts";

/** Taxonomies: Type 0 is flat (Tags), 1 is hierarchical (industries). */
export const taxonomies: EntitySet = {
  name: "taxonomies",
  table: "taxonomies",
  fields: {
    Id: { type: "guid" },
    Name: { type: "string" },
    Title: { type: "string" },
    TaxaUrl: { type: "string" },
    TaxonName: { type: "string" },
    Type: { type: "number" },
  },
};
