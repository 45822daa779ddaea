import { useId } from "react";
import type { Letter } from "../../rules/topics.ts";
import type { Topic } from "./letters.ts";
import { topicHref } from "./letters.ts";
import { summaryText } from "./text.ts";

/** Props of TopicList. */
export interface TopicListProps {
  letter: Letter;
  topics: readonly Topic[];
  siteBase: string;
}

/**
 * The selected letter's topics as links. The summary line is a polite live region that
 * stays mounted while the letter changes, so a screen reader hears "3 topics under B".
 */
export function TopicList({ letter, topics, siteBase }: TopicListProps) {
  const headingId = useId();
  return (
    <div className="ts-results">
      <h3 id={headingId} className="ts-results-letter">
        {letter.toUpperCase()}
      </h3>
      <p role="status" className="ts-summary">
        {summaryText(letter, topics.length)}
      </p>
      {topics.length > 0 && (
        <ul className="ts-topics" aria-labelledby={headingId}>
          {topics.map((topic) => (
            <li key={topic.Id}>
              <a className="ts-topic" href={topicHref(siteBase, topic.UrlName)}>
                {topic.Title}
              </a>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
