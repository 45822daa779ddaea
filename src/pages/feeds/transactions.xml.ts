import type { APIRoute } from "astro";
import { atomResponse, feedSite } from "../../lib/feed-response.ts";
import { FEED_SIZE, transactionsFeed } from "../../lib/feeds.ts";

/** The most recently closed deals as an Atom feed. */
export const GET: APIRoute = async ({ locals }) => {
  const [site, deals] = await Promise.all([feedSite(locals), locals.feeds.latestDeals(FEED_SIZE)]);
  return atomResponse(transactionsFeed(site, deals));
};
