import type { ContentState } from "../content-state.ts";
import type { Coding } from "../http-cache/negotiate.ts";
import { ReplyCache } from "../http-cache/reply-cache.ts";
import type { Representation } from "../http-cache/representation.ts";
import { pageCacheKey } from "./page-cache-key.ts";

/** The pattern of the route that renders pages (pages.ts), as logs and metrics name it. */
export const PAGE_ROUTE = "/*";

/**
 * The site's rendered pages, each kept per address (search excepted, see pageCacheKey) in every
 * coding with its ETags until the content changes. The page route fills it; the front
 * (page-front.ts) and the page route answer from it.
 */
export class KeptPages {
  private readonly cache: ReplyCache;

  /** `onLookup` hears of every lookup, found or rendered (for the metrics). */
  constructor(content: ContentState, onLookup: (isHit: boolean) => void) {
    this.cache = new ReplyCache(onLookup);
    content.onChange((tags) => this.cache.dropTagged(tags));
  }

  /** The kept page for a request's address, if there is one: no rendering, no waiting. */
  find(url: string): Representation | undefined {
    const key = pageCacheKey(url);
    return key === null ? undefined : this.cache.byUrl(key);
  }

  /**
   * The page for a request's address: kept, or rendered by `render` (and then kept). An address
   * that is not kept (a search) is rendered for this request only, in its `coding` alone.
   */
  get(
    url: string,
    coding: Coding,
    render: (only?: Coding) => Promise<Representation>,
  ): Promise<Representation> {
    const key = pageCacheKey(url);
    return key === null ? render(coding) : this.cache.get(key, key, () => render());
  }
}
