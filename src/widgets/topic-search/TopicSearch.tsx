import { useId, useRef } from "react";
import { LetterBar } from "./LetterBar.tsx";
import { letterCounts } from "./letters.ts";
import { ErrorState, LoadingState } from "./StatusViews.tsx";
import { TopicList } from "./TopicList.tsx";
import { useTopics } from "./use-topics.ts";

/** Props of TopicSearch. */
export interface TopicSearchProps {
  /** '' for the same origin, or the firm's origin (`https://firm.example`) when embedded. */
  apiBase: string;
}

/** The Topics A – Z widget: letter buttons and the selected letter's topics. */
export function TopicSearch({ apiBase }: TopicSearchProps) {
  const headingId = useId();
  const { load, letter, selectLetter, retry } = useTopics(apiBase);
  const headingRef = useRef<HTMLHeadingElement>(null);
  // "Try again" disappears when pressed: focus moves to the widget's heading, not to the page top.
  const handleRetry = () => {
    headingRef.current?.focus();
    retry();
  };
  return (
    <section className="ts" aria-labelledby={headingId}>
      <h2 id={headingId} className="ts-title" tabIndex={-1} ref={headingRef}>
        Topics A - Z
      </h2>
      <div className="ts-body">
        {load.status === "loading" && <LoadingState />}
        {load.status === "error" && <ErrorState message={load.message} onRetry={handleRetry} />}
        {load.status === "ready" && (
          <>
            <LetterBar
              letters={letterCounts(load.groups)}
              selected={letter}
              onSelect={selectLetter}
            />
            <TopicList letter={letter} topics={load.groups[letter]} siteBase={apiBase} />
          </>
        )}
      </div>
    </section>
  );
}
