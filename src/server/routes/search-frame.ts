import type { IncomingMessage } from "node:http";
import { ALL } from "../../rules/cache-tags.ts";
import { fillSearchFrame } from "../../lib/search-frame.ts";
import { searchTitle } from "../../lib/search-page.ts";
import { parseQuery } from "../../search/query.ts";
import { renderWithAstro, type AstroHandler, type RenderedPage } from "../astro-bridge.ts";
import type { ContentState } from "../content-state.ts";
import type { PageLocals } from "./pages.ts";

/** The search page's address. */
export const SEARCH_PAGE_PATH = "/search";
/** Where Astro renders one search's results for it (src/pages/search/results.astro). */
const RESULTS_PATH = "/search/results";

/** A rendered frame and the cache tags of what it read. */
interface Frame {
  readonly page: RenderedPage;
  readonly html: string;
  readonly tags: ReadonlySet<string>;
}

/**
 * The search page, made of a frame kept until the content changes (src/pages/search.astro: the
 * layout, the header and its menus, the banner) and, for each request, one query's results
 * rendered alone (src/pages/search/results.astro), with the title and the query written into the
 * frame by lib/search-frame.ts. A change that touches what the frame read drops it, as it would a
 * kept page; a frame rendering meanwhile is not kept.
 */
export class SearchFrames {
  private frame: Promise<Frame> | null = null;

  constructor(content: ContentState) {
    content.onChange((tags) => {
      const kept = this.frame;
      if (kept === null) return;
      if (tags.includes(ALL)) this.frame = null;
      else
        void kept.then(
          (frame) => {
            if (this.frame === kept && tags.some((tag) => frame.tags.has(tag))) this.frame = null;
          },
          () => {},
        );
    });
  }

  /**
   * The search page for `req`: the kept frame (rendered first when there is none, its tags in
   * `newLocals`'s sink) filled with the results that `locals` renders (their tags in `tags`, with
   * the frame's). A part that did not render comes back as it is.
   */
  async render(
    astro: AstroHandler,
    req: IncomingMessage,
    locals: PageLocals,
    tags: Set<string>,
    newLocals: (sink: Set<string>) => PageLocals,
  ): Promise<RenderedPage> {
    const asked: PageLocals = { ...locals, isSearchResults: true };
    const [frame, results] = await Promise.all([
      this.frameFor(astro, req, newLocals),
      renderWithAstro(astro, req, asked, { url: `${RESULTS_PATH}${searchOf(req.url)}` }),
    ]);
    if (results.status >= 500) throw new Error("search results failed", { cause: asked.failure });
    if (frame.page.status !== 200) return frame.page;
    if (results.status !== 200) return results;
    for (const tag of frame.tags) tags.add(tag);
    const query = parseQuery(new URLSearchParams(searchOf(req.url)).get("q") ?? "");
    const html = fillSearchFrame(
      frame.html,
      { title: searchTitle(query.text, query.hasText), query: query.text },
      results.body.toString("utf8"),
    );
    return { ...frame.page, body: Buffer.from(html, "utf8") };
  }

  private frameFor(
    astro: AstroHandler,
    req: IncomingMessage,
    newLocals: (sink: Set<string>) => PageLocals,
  ): Promise<Frame> {
    if (this.frame !== null) return this.frame;
    const tags = new Set<string>();
    const locals = newLocals(tags);
    const rendering = renderWithAstro(astro, req, locals, { url: SEARCH_PAGE_PATH }).then(
      (page) => {
        // A failed frame is not kept; its cause is the request's failure.
        if (page.status !== 200 && rendering === this.frame) this.frame = null;
        if (page.status >= 500) throw new Error("search frame failed", { cause: locals.failure });
        return { page, html: page.body.toString("utf8"), tags };
      },
      (error: unknown) => {
        if (rendering === this.frame) this.frame = null;
        throw error;
      },
    );
    this.frame = rendering;
    return rendering;
  }
}

/** The query string of a request's address, with its `?` (or nothing). */
function searchOf(url: string | undefined): string {
  const at = (url ?? "").indexOf("?");
  return at < 0 ? "" : (url ?? "").slice(at);
}
