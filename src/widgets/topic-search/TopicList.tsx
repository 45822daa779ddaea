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
  /** The letter's heading: an h3 under the widget's own title, an h2 where the page titles it. */
  headingLevel: 2 | 3;
}

/**
 * The selected letter's heading, how many topics it lists, and the topics as links. The summary
 * line is a polite live region that stays mounted while the letter changes, so a screen reader
 * hears "3 topics under B". Laid out by the widget's body grid, so it has no box of its own.
 */
export function TopicList({ letter, topics, siteBase, headingLevel }: TopicListProps) {
  const headingId = useId();
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <>
      <Heading id={headingId} className="ts-results-letter">
        {letter.toUpperCase()}
      </Heading>
      <p role="status" className={topics.length > 0 ? "ts-summary" : "ts-summary ts-summary--none"}>
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
    </>
  );
}
