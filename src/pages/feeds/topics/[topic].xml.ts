import type { APIRoute } from "astro";
import { atomResponse, feedSite, withFeedImages } from "../../../lib/feed-response.ts";
import { FEED_SIZE, topicFeed } from "../../../lib/feeds.ts";
import { currentTopic } from "../../../lib/topic-page.ts";
import { topicFeedPath } from "../../../rules/site-paths.ts";

/** One topic's latest articles as an Atom feed; an unknown topic is the site's 404. */
export const GET: APIRoute = async ({ locals, url, rewrite }) => {
  const topic = currentTopic(await locals.site.topics(), url.pathname, topicFeedPath);
  if (!topic) return rewrite("/404");
  const stored = await locals.feeds.articlesTagged(topic.Id, FEED_SIZE);
  const [site, articles] = await Promise.all([
    feedSite(locals, stored.length),
    withFeedImages(stored, "Summary", locals.images),
  ]);
  return atomResponse(topicFeed(site, topic, articles));
};
