import { createGroupResolver } from "../../rules/industry-groups.ts";
import { findTaxonomy, INDUSTRIES_TAXONOMY_NAME } from "../../rules/taxonomies.ts";
import type { Db } from "../connect.ts";
import { withApiDates } from "./api-dates.ts";

/** A top-level industry group, as its hub shows it. */
export interface HubGroup {
  Id: string;
  Title: string;
  UrlName: string;
}

/** A deal as a hub lists and counts it. */
export interface HubDeal {
  Id: string;
  UrlName: string;
  Company: string;
  Date: string;
  Size: number | null;
}

/** What the industry hubs read: the groups, and each group's deals. */
export function industryRepository(db: Db) {
  const k = db.kysely;
  // The industries taxonomy's taxa, found by Name as the widgets find it.
  const industryTaxa = async () => {
    const taxonomies = await k.selectFrom("taxonomies").select(["Id", "Name"]).execute();
    const industries = findTaxonomy(taxonomies, INDUSTRIES_TAXONOMY_NAME);
    if (!industries) return [];
    return k
      .selectFrom("hierarchy_taxa")
      .select(["Id", "Title", "UrlName", "ParentId", "Ordinal"])
      .where("TaxonomyId", "=", industries.Id)
      .execute();
  };
  return {
    /** The top-level groups in the editors' order. */
    async groups(): Promise<HubGroup[]> {
      const taxa = await industryTaxa();
      const resolve = createGroupResolver(taxa);
      return taxa
        .filter((t) => resolve(t.Id)?.id === t.Id.toLowerCase())
        .sort((a, b) => a.Ordinal - b.Ordinal || a.Title.localeCompare(b.Title))
        .map(({ Id, Title, UrlName }) => ({ Id, Title, UrlName }));
    },

    /**
     * The deals whose industry group is `groupId` (their first industry, resolved to the top
     * level, as the transactions widget groups them), newest first.
     */
    async groupDeals(groupId: string): Promise<HubDeal[]> {
      const taxa = await industryTaxa();
      const resolve = createGroupResolver(taxa);
      const members = taxa.filter((t) => resolve(t.Id)?.id === groupId.toLowerCase());
      if (members.length === 0) return [];
      const rows = await k
        .selectFrom("transactions")
        .innerJoin("transaction_industries as ti", (join) =>
          join.onRef("ti.TransactionId", "=", "transactions.Id").on("ti.Position", "=", 0),
        )
        .select([
          "transactions.Id",
          "transactions.UrlName",
          "transactions.Company",
          "transactions.Date",
          "transactions.Size",
        ])
        .where(
          "ti.TaxonId",
          "in",
          members.map((t) => t.Id),
        )
        .orderBy("transactions.Date", "desc")
        .orderBy("transactions.Position")
        .execute();
      return withApiDates(rows, "Date");
    },
  };
}

export type IndustryRepository = ReturnType<typeof industryRepository>;
