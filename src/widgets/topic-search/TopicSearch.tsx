import { useId, useRef } from "react";
import type { WidgetConfig } from "../shared/config.ts";
import { LoadStatus } from "../shared/LoadStatus.tsx";
import { LetterBar, LetterBarPlaceholder } from "./LetterBar.tsx";
import { letterCounts } from "./letters.ts";
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
  return (
    <section className="ts" aria-labelledby={headingId}>
      <h2 id={headingId} className="ts-title" tabIndex={-1} ref={headingRef}>
        Topics A - Z
      </h2>
      <div className="ts-body">
        <LoadStatus
          load={load}
          prefix="ts"
          loadingText="Loading topics…"
          placeholder={<LetterBarPlaceholder />}
          failedText="Topics could not be loaded."
          onRetry={retry}
          retryFocus={headingRef}
        />
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
