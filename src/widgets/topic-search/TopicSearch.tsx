import { useId, useRef } from "react";
import type { WidgetConfig } from "../shared/config.ts";
import { LoadStatus } from "../shared/LoadStatus.tsx";
import { LetterBar } from "./LetterBar.tsx";
import { letterCounts } from "./letters.ts";
import { LetterBarPlaceholder, LetterHeadingPlaceholder } from "./Placeholders.tsx";
import { LOADING_TEXT } from "./text.ts";
import { TITLE } from "./title.ts";
import { TopicList } from "./TopicList.tsx";
import { useTopics } from "./use-topics.ts";

/** Props of TopicSearch. */
export interface TopicSearchProps {
  /** The web service and how its content is set up (the placeholder's data attributes). */
  config: WidgetConfig;
  /** False where the page's own heading already says it (`data-title="hidden"`). */
  isTitled?: boolean;
  /** The height of what the page drew in the placeholder, kept while the topics load. */
  reservedHeight?: number;
}

/**
 * The Topics A – Z widget: letter buttons and the selected letter's topics. Untitled, it stays a
 * region named "Topics A - Z", and "Try again" moves focus to the region instead of the title.
 */
export function TopicSearch({ config, isTitled = true, reservedHeight = 0 }: TopicSearchProps) {
  const headingId = useId();
  const { load, letter, selectLetter, retry } = useTopics(config);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const regionRef = useRef<HTMLElement>(null);
  const isReserving = load.status === "loading" && reservedHeight > 0;
  return (
    <section
      ref={regionRef}
      className="ts"
      {...(isTitled ? { "aria-labelledby": headingId } : { "aria-label": TITLE, tabIndex: -1 })}
      style={isReserving ? { minBlockSize: `${reservedHeight}px` } : undefined}
    >
      {isTitled && (
        <h2 id={headingId} className="ts-title" tabIndex={-1} ref={headingRef}>
          {TITLE}
        </h2>
      )}
      <div className="ts-body">
        <LoadStatus
          load={load}
          prefix="ts"
          loadingText={LOADING_TEXT}
          placeholder={
            <>
              <LetterBarPlaceholder />
              <LetterHeadingPlaceholder letter={letter} />
            </>
          }
          failedText="Topics could not be loaded."
          onRetry={retry}
          retryFocus={isTitled ? headingRef : regionRef}
        />
        {load.status === "ready" && (
          <>
            <LetterBar
              letters={letterCounts(load.data)}
              selected={letter}
              onSelect={selectLetter}
            />
            <TopicList
              letter={letter}
              topics={load.data[letter]}
              siteBase={config.siteBase}
              headingLevel={isTitled ? 3 : 2}
            />
          </>
        )}
      </div>
    </section>
  );
}
