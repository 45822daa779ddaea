import type { EntitySet } from "../../../odata/fields.ts";
import { articles } from "./articles.ts";
import { flatTaxa } from "./flat-taxa.ts";
import { hierarchyTaxa } from "./hierarchy-taxa.ts";
import { taxonomies } from "./taxonomies.ts";
import { transactions } from "./transactions.ts";

/** The entity sets under /api/default/, by their URL name. */
export const ENTITY_SETS: ReadonlyMap<string, EntitySet> = new Map(
  [transactions, taxonomies, hierarchyTaxa, flatTaxa, articles].map((set) => [set.name, set]),
);
