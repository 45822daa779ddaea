import type { EntitySet } from "../../../odata/fields.ts";
import { taxonFields } from "./flat-taxa.ts";

/** Hierarchical taxa, such as industries; a top-level taxon's ParentId is the all-zero GUID. */
export const hierarchyTaxa: EntitySet = {
  name: "hierarchy-taxa",
  table: "hierarchy_taxa",
  fields: { ...taxonFields, ParentId: { type: "guid" }, FullUrl: { type: "string" } },
};
