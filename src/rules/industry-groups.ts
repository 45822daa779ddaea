// Industry groups (top-level industries) and the group a transaction belongs to (its first
// industry's top-level ancestor), for the transactions widget, the deal pages and the search alike.
import { ROOT_PARENT_ID } from "./taxonomies.ts";

/** The fields of a hierarchy taxon these rules read. */
export interface IndustryTaxon {
  readonly Id: string;
  readonly Title: string;
  readonly ParentId: string;
  readonly Ordinal: number;
}

/** A top-level industry, offered in the checklist and shown in the Industry Group column. */
export interface IndustryGroup {
  readonly id: string;
  readonly title: string;
}

const isTopLevel = (taxon: IndustryTaxon) => taxon.ParentId.toLowerCase() === ROOT_PARENT_ID;

/** The top-level industries in the editors' order (Ordinal), then by title. */
export function topLevelGroups(taxa: readonly IndustryTaxon[]): IndustryGroup[] {
  return taxa
    .filter(isTopLevel)
    .sort((a, b) => a.Ordinal - b.Ordinal || a.Title.localeCompare(b.Title))
    .map((taxon) => ({ id: taxon.Id.toLowerCase(), title: taxon.Title }));
}

/**
 * A function from an industry id to its top-level ancestor, following ParentId through all the
 * taxa; null for an unknown id, a missing parent or a cycle. Results are memoised per id.
 */
export function createGroupResolver(
  taxa: readonly IndustryTaxon[],
): (industryId: string) => IndustryGroup | null {
  const byId = new Map(taxa.map((taxon) => [taxon.Id.toLowerCase(), taxon]));
  const resolved = new Map<string, IndustryGroup | null>();

  return (industryId) => {
    const start = industryId.toLowerCase();
    const cached = resolved.get(start);
    if (cached !== undefined) return cached;
    const seen = new Set<string>();
    let group: IndustryGroup | null = null;
    let taxon = byId.get(start);
    while (taxon !== undefined && !seen.has(taxon.Id.toLowerCase())) {
      seen.add(taxon.Id.toLowerCase());
      if (isTopLevel(taxon)) {
        group = { id: taxon.Id.toLowerCase(), title: taxon.Title };
        break;
      }
      taxon = byId.get(taxon.ParentId.toLowerCase());
    }
    resolved.set(start, group);
    return group;
  };
}

/** A transaction's industry group: its first industry, resolved to the top level. */
export function groupOfIndustries(
  industries: readonly string[],
  resolve: (industryId: string) => IndustryGroup | null,
): IndustryGroup | null {
  const first = industries[0];
  return first === undefined ? null : resolve(first);
}
