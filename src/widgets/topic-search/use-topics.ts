import { useCallback, useEffect, useState } from "react";
import type { FlatTaxon } from "../../content/taxon.ts";
import type { Taxonomy } from "../../content/taxonomy.ts";
import { ApiError, fetchList, isAbort } from "../shared/api-client.ts";
import type { Letter, Topic, TopicGroups } from "./letters.ts";
import { groupTopics, selectTopics } from "./letters.ts";
import { letterFromLocation, letterHash, restoredLetter } from "./address.ts";

/** What the topics call has given so far. */
export type TopicsLoad =
  | { status: "loading" }
  | { status: "error"; message: string }
  | { status: "ready"; groups: TopicGroups<Topic> };

/** The widget's state and actions: see useTopics. */
export interface TopicsState {
  load: TopicsLoad;
  letter: Letter;
  selectLetter: (letter: Letter) => void;
  retry: () => void;
}

const NO_TAGS = "The list of topics is not available on this site.";
const UNEXPECTED = "The topics could not be loaded.";

/**
 * Loads the topics from `${apiBase}/api/default/…` (aborted on unmount and on retry) and
 * keeps the selected letter in step with the address: `#b` or `?letter=b` at start, `#b`
 * pushed on each selection, Back/Forward restoring it.
 */
export function useTopics(apiBase: string): TopicsState {
  const [attempt, setAttempt] = useState(0);
  // Each result is tagged with the request it answers, so a retry (a new key) reads as
  // loading at once without a state update inside the effect.
  const requestKey = `${attempt}|${apiBase}`;
  const [result, setResult] = useState<{ key: string; load: TopicsLoad } | null>(null);
  const load: TopicsLoad = result?.key === requestKey ? result.load : { status: "loading" };

  useEffect(() => {
    const controller = new AbortController();
    const settle = (next: TopicsLoad) => {
      if (!controller.signal.aborted) setResult({ key: requestKey, load: next });
    };
    loadTopics(apiBase, controller.signal).then(
      (groups) => settle({ status: "ready", groups }),
      (error: unknown) => {
        if (isAbort(error)) return;
        settle({
          status: "error",
          message: error instanceof ApiError ? error.message : UNEXPECTED,
        });
      },
    );
    return () => controller.abort();
  }, [apiBase, requestKey]);

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

  const retry = useCallback(() => setAttempt((n) => n + 1), []);

  return { load, letter, selectLetter, retry };
}

async function loadTopics(apiBase: string, signal: AbortSignal): Promise<TopicGroups<Topic>> {
  const base = `${apiBase.replace(/\/+$/, "")}/api/default`;
  const [taxonomies, taxa] = await Promise.all([
    fetchList<Taxonomy>(`${base}/taxonomies`, { signal }),
    fetchList<FlatTaxon>(`${base}/flat-taxa`, { signal }),
  ]);
  const topics = selectTopics(taxonomies, taxa);
  if (topics === null) throw new ApiError(NO_TAGS);
  return groupTopics(topics);
}
