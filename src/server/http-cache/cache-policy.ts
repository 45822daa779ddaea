// How long browsers and shared caches (a CDN, Varnish) keep the site's replies. Without a purger
// nothing tells a shared cache that content changed, so pages are revalidated on every view and
// API replies live a minute. With one (VARNISH_URLS, Fastly or Cloudflare: src/server/purge/),
// every change purges exactly the replies it touched, so a shared cache may keep them for a day
// and answer from its copy while the site is down (stale-if-error); browsers still revalidate,
// since no one can purge a visitor's browser.

/** The Cache-Control of the replies that show content. */
export interface CachePolicy {
  /** Pages and feeds. */
  readonly pages: string;
  /** The read API and the search suggestions. */
  readonly api: string;
}

const DAY = 86_400;

/** Today's headers, for a site that no purger serves. */
export const UNPURGED: CachePolicy = {
  pages: "public, max-age=0, must-revalidate",
  api: "public, max-age=60, stale-while-revalidate=600",
};

/** For a site whose shared caches are purged on every change. */
export const PURGED: CachePolicy = {
  pages: `public, max-age=0, s-maxage=${DAY}, stale-if-error=${DAY}`,
  api: `public, max-age=0, s-maxage=${DAY}, stale-if-error=${DAY}`,
};
