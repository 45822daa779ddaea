import type { APIRoute } from "astro";
import { atomResponse, feedSite, withFeedImages } from "../../lib/feed-response.ts";
import { FEED_SIZE, transactionsFeed } from "../../lib/feeds.ts";

/** The most recently closed deals as an Atom feed. */
export const GET: APIRoute = async ({ locals }) => {
  const stored = await locals.feeds.latestDeals(FEED_SIZE);
  const [site, deals] = await Promise.all([
    feedSite(locals, stored.length),
    withFeedImages(stored, "DescriptionHtml", locals.images),
  ]);
  return atomResponse(transactionsFeed(site, deals));
};
