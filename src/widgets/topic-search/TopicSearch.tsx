import { useId, useRef } from "react";
import type { WidgetConfig } from "../shared/config.ts";
import { LetterBar } from "./LetterBar.tsx";
import { letterCounts } from "./letters.ts";
import { ErrorState, LoadingState } from "./StatusViews.tsx";
import { TopicList } from "./TopicList.tsx";
import { useTopics } from "./use-topics.ts";

/** Props of TopicSearch. */
export interface TopicSearchProps {
  /** The web service and how its content is set up (the placeholder's data attributes). */
  config: WidgetConfig;
}

/** The Topics A – Z widget: letter buttons and the selected letter's topics. */
export function TopicSearch({ config }: TopicSearchProps) {
  const headingId = useId();
  const { load, letter, selectLetter, retry } = useTopics(config);
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
              letters={letterCounts(load.data)}
              selected={letter}
              onSelect={selectLetter}
            />
            <TopicList letter={letter} topics={load.data[letter]} siteBase={config.siteBase} />
          </>
        )}
      </div>
    </section>
  );
}
