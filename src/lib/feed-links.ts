import { INSIGHTS_FEED_PATH, topicFeedPath, TRANSACTIONS_FEED_PATH } from "../rules/site-paths.ts";
import { ARTICLES_CRUMB, TRANSACTIONS_CRUMB, type BreadcrumbItem } from "./crumbs.ts";

// The feeds as the pages they follow announce them, and as the feeds name themselves.

/** A feed as a page announces it in its head: `<link rel="alternate" type="application/atom+xml">`. */
export interface FeedLink {
  title: string;
  path: string;
}

/** A section's feed, named as the section's crumb names it. */
const sectionFeed = (section: BreadcrumbItem, path: string): FeedLink => ({
  title: section.title,
  path,
});

export const INSIGHTS_FEED_LINK = sectionFeed(ARTICLES_CRUMB, INSIGHTS_FEED_PATH);

export const TRANSACTIONS_FEED_LINK = sectionFeed(TRANSACTIONS_CRUMB, TRANSACTIONS_FEED_PATH);

/** A topic page's feed. */
export const topicFeedLink = (topic: { Title: string; UrlName: string }): FeedLink => ({
  title: `${ARTICLES_CRUMB.title}: ${topic.Title}`,
  path: topicFeedPath(topic.UrlName),
});
