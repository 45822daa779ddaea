import type { APIRoute } from "astro";
import { atomResponse, feedSite, withFeedImages } from "../../lib/feed-response.ts";
import { FEED_SIZE, insightsFeed } from "../../lib/feeds.ts";

/** The latest articles as an Atom feed. */
export const GET: APIRoute = async ({ locals }) => {
  const stored = await locals.feeds.latestArticles(FEED_SIZE);
  const [site, articles] = await Promise.all([
    feedSite(locals, stored.length),
    withFeedImages(stored, "Summary", locals.images),
  ]);
  return atomResponse(insightsFeed(site, articles));
};
