// What the widget asks of the web service: the Tags taxonomy, then its taxa. Apart from the
// hook, so that the site's record can make exactly the widget's requests
// (src/record/widget-requests.ts).
import type { FlatTaxon } from "../../content/taxon.ts";
import { sortTopics } from "../../rules/topics.ts";
import { ApiError, taxonomyIdOrProblem, type ListReader } from "../shared/api-client.ts";
import type { WidgetConfig } from "../shared/config.ts";
import { groupTopics, type Topic, type TopicGroups } from "./letters.ts";

const NO_TAGS = "The list of topics is not available on this site.";

/**
 * The Tags taxonomy (found by Name without regard to case), then its taxa, each call naming in
 * `$select` the fields the widget reads, as a Sitefinity client must.
 */
export async function loadTopics(
  config: WidgetConfig,
  list: ListReader,
): Promise<TopicGroups<Topic>> {
  const tags = await taxonomyIdOrProblem(list, config.tagsTaxonomy, "data-tags-taxonomy");
  if ("problem" in tags) throw new ApiError(NO_TAGS, tags.problem);
  const taxa = await list<Pick<FlatTaxon, "Id" | "Title" | "Name" | "UrlName">>("flat-taxa", {
    $select: "Id,Title,Name,UrlName",
    $filter: `TaxonomyId eq ${tags.id}`,
  });
  return groupTopics(sortTopics(taxa.filter(isTopic)));
}

/** A taxon the widget can list: every field it reads is text (the answer is untrusted data). */
function isTopic(taxon: unknown): taxon is Topic {
  if (typeof taxon !== "object" || taxon === null) return false;
  const t = taxon as Record<string, unknown>;
  return ["Id", "Title", "Name", "UrlName"].every((key) => typeof t[key] === "string");
}
