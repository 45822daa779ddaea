import type { EntitySet } from "../../../odata/fields.ts";
import { taxonFields } from "./flat-taxa.ts";

/**
 * Hierarchical taxa, such as industries; a top-level taxon's ParentId is the all-zero GUID.
 * Sitefinity's contract gives them no FullUrl.
 */
export const hierarchyTaxa: EntitySet = {
  name: "hierarchy-taxa",
  typeName: "HierarchicalTaxon",
  table: "hierarchy_taxa",
  fields: { ...taxonFields, ParentId: { type: "guid" } },
};
