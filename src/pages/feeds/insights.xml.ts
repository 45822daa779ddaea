import type { APIRoute } from "astro";
import { atomResponse, feedSite } from "../../lib/feed-response.ts";
import { FEED_SIZE, insightsFeed } from "../../lib/feeds.ts";

/** The latest articles as an Atom feed. */
export const GET: APIRoute = async ({ locals }) => {
  const [site, articles] = await Promise.all([
    feedSite(locals),
    locals.feeds.latestArticles(FEED_SIZE),
  ]);
  return atomResponse(insightsFeed(site, articles));
};
