import { useCallback, useEffect, useState } from "react";
import type { FlatTaxon } from "../../content/taxon.ts";
import { ApiError, listReader, taxonomyIdOrProblem } from "../shared/api-client.ts";
import type { WidgetConfig } from "../shared/config.ts";
import { useLoad, type Load } from "../shared/use-load.ts";
import { sortTopics, type Letter } from "../../rules/topics.ts";
import type { Topic, TopicGroups } from "./letters.ts";
import { groupTopics } from "./letters.ts";
import { letterFromLocation, letterHash, restoredLetter } from "./address.ts";

/** The widget's state and actions: see useTopics. */
export interface TopicsState {
  load: Load<TopicGroups<Topic>>;
  letter: Letter;
  selectLetter: (letter: Letter) => void;
  retry: () => void;
}

const NO_TAGS = "The list of topics is not available on this site.";

/**
 * Loads the topics from the web service (aborted on unmount and on retry) and keeps the selected
 * letter in step with the address: `#b` or `?letter=b` at start, `#b` pushed on each selection,
 * Back/Forward restoring it.
 */
export function useTopics(config: WidgetConfig): TopicsState {
  const { load, retry } = useLoad("The topics", JSON.stringify(config), (signal) =>
    loadTopics(config, signal),
  );

  const [letter, setLetter] = useState<Letter>(
    () => letterFromLocation(window.location.hash, window.location.search) ?? "a",
  );

  useEffect(() => {
    const handleNavigation = () =>
      setLetter((current) => restoredLetter(window.location.hash, window.location.search, current));
    window.addEventListener("popstate", handleNavigation);
    window.addEventListener("hashchange", handleNavigation);
    return () => {
      window.removeEventListener("popstate", handleNavigation);
      window.removeEventListener("hashchange", handleNavigation);
    };
  }, []);

  const selectLetter = useCallback(
    (next: Letter) => {
      if (next === letter) return;
      setLetter(next);
      // Keep the host page's history state: a router on a page that embeds us may need it.
      // An absolute URL, because a relative "#b" resolves against a host page's <base href>.
      const url = new URL(window.location.href);
      url.hash = letterHash(next);
      window.history.pushState(window.history.state, "", url);
    },
    [letter],
  );

  return { load, letter, selectLetter, retry };
}

/**
 * The Tags taxonomy (found by Name without regard to case), then its taxa, each call naming in
 * `$select` the fields the widget reads, as a Sitefinity client must.
 */
async function loadTopics(config: WidgetConfig, signal: AbortSignal): Promise<TopicGroups<Topic>> {
  const list = listReader(config.apiBase, signal);
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
