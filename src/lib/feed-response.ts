import { ATOM_CONTENT_TYPE, atomXml, type AtomFeed } from "./atom.ts";
import { withHeldImages, type ImageLookup } from "./content-html.ts";
import type { FeedSite } from "./feeds.ts";

/** What a feed endpoint reads besides its entries (Astro.locals' repositories, in short). */
export interface FeedSources {
  siteUrl: string;
  site: { site(): Promise<{ firmName: string } | null> };
  feeds: { contentUpdated(): Promise<string> };
}

/**
 * The site's name and address, which every feed states, and for a feed of `entryCount` entries
 * none (`""`), the content's time, its own: read only then, since that time moves with every
 * write and a feed with entries is as new as its newest.
 */
export async function feedSite(
  { siteUrl, site, feeds }: FeedSources,
  entryCount: number,
): Promise<FeedSite> {
  const [settings, contentUpdated] = await Promise.all([
    site.site(),
    entryCount === 0 ? feeds.contentUpdated() : "",
  ]);
  return { siteUrl, firmName: settings?.firmName ?? "", contentUpdated };
}

/**
 * A feed as the page route serves it: kept and dropped with the pages, with their ETag, 304 and
 * compression (src/server/routes/pages.ts); only the media type is its own.
 */
export function atomResponse(feed: AtomFeed): Response {
  return new Response(atomXml(feed), { headers: { "content-type": ATOM_CONTENT_TYPE } });
}

/**
 * Items whose HTML field (`field`) shows the site's held copies of its images, as plain `<img>`s a
 * feed reader takes (the feed's xml:base makes their paths absolute); an image not held is left
 * out, its alt text kept. A feed never sends a reader to the server an image came from.
 */
export async function withFeedImages<K extends string, T extends Record<K, string | null>>(
  items: readonly T[],
  field: K,
  images: ImageLookup,
): Promise<T[]> {
  const shown = await withHeldImages(
    items.map((item) => item[field] ?? ""),
    images,
    "100vw",
    { isPlain: true },
  );
  return items.map((item, i) => (item[field] === null ? item : { ...item, [field]: shown[i] }));
}
