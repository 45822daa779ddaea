import { useCallback, useEffect, useState } from "react";
import { listReader } from "../shared/api-client.ts";
import type { WidgetConfig } from "../shared/config.ts";
import { useLoad, type Load } from "../shared/use-load.ts";
import type { Letter } from "../../rules/topics.ts";
import type { Topic, TopicGroups } from "./letters.ts";
import { loadTopics } from "./load-topics.ts";
import { letterFromLocation, letterHash, restoredLetter } from "./address.ts";

/** The widget's state and actions: see useTopics. */
export interface TopicsState {
  load: Load<TopicGroups<Topic>>;
  letter: Letter;
  selectLetter: (letter: Letter) => void;
  retry: () => void;
}

/**
 * Loads the topics from the web service (aborted on unmount and on retry) and keeps the selected
 * letter in step with the address: `#b` or `?letter=b` at start, `#b` pushed on each selection,
 * Back/Forward restoring it.
 */
export function useTopics(config: WidgetConfig): TopicsState {
  const { load, retry } = useLoad("The topics", JSON.stringify(config), (signal) =>
    loadTopics(config, listReader(config.apiBase, signal)),
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
