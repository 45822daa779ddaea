import { INSIGHTS_FEED_PATH, topicFeedPath, TRANSACTIONS_FEED_PATH } from "../rules/site-paths.ts";

// The feeds as the pages they follow announce them, and as the feeds name themselves.

/** A feed as a page announces it in its head: `<link rel="alternate" type="application/atom+xml">`. */
export interface FeedLink {
  title: string;
  path: string;
}

export const INSIGHTS_FEED_LINK: FeedLink = {
  title: "Articles & Commentary",
  path: INSIGHTS_FEED_PATH,
};

export const TRANSACTIONS_FEED_LINK: FeedLink = {
  title: "Historical Transactions",
  path: TRANSACTIONS_FEED_PATH,
};

/** A topic page's feed. */
export const topicFeedLink = (topic: { Title: string; UrlName: string }): FeedLink => ({
  title: `Articles & Commentary: ${topic.Title}`,
  path: topicFeedPath(topic.UrlName),
});
