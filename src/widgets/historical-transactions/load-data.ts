// What the widget asks of the web service: its three lists. Apart from the hook, so that the
// site's record can make exactly the widget's requests (src/record/widget-requests.ts).
import { taxonomyIdOrProblem, type ListReader } from "../shared/api-client.ts";
import type { WidgetConfig } from "../shared/config.ts";
import type { IndustryTaxon } from "./industries.ts";
import { DEAL_PAGE_FIELD, TRANSACTION_FIELDS, type TransactionData } from "./rows.ts";

/** The API's lists the widget needs. */
export interface ApiData {
  readonly transactions: readonly TransactionData[];
  /** Every hierarchy-taxon of the industries taxonomy (children too, to resolve groups). */
  readonly industryTaxa: readonly IndustryTaxon[];
}

/**
 * The three calls, each naming in `$select` every field the widget reads, as a Sitefinity client
 * must (classification fields come only when selected): the transactions newest first; the
 * industries taxonomy (found by Name without regard to case), then its taxa. The site's record
 * asks the same calls of the site itself, to keep what the widget shows (src/record/).
 */
export async function loadData(config: WidgetConfig, list: ListReader): Promise<ApiData> {
  const { transactionsSet, industriesTaxonomy, industriesField, dealUrl } = config;
  const loadTaxa = async () => {
    const industries = await taxonomyIdOrProblem(
      list,
      industriesTaxonomy,
      "data-industries-taxonomy",
    );
    if ("problem" in industries) {
      // Without an industries taxonomy the deals still show, with no groups to filter by.
      console.error(`The transactions: ${industries.problem}`);
      return [];
    }
    return list<IndustryTaxon>("hierarchy-taxa", {
      $select: "Id,Title,ParentId,Ordinal,UrlName",
      $filter: `TaxonomyId eq ${industries.id}`,
    });
  };
  const [transactions, industryTaxa] = await Promise.all([
    list<TransactionData>(transactionsSet, {
      $select: [...TRANSACTION_FIELDS, ...(dealUrl ? [DEAL_PAGE_FIELD] : []), industriesField].join(
        ",",
      ),
      $orderby: "Date desc",
    }),
    loadTaxa(),
  ]);
  return { transactions, industryTaxa };
}
