import { sanitizeContentHtml } from "../content/sanitize.ts";
import { imageSources, rewriteImages } from "../images/html-images.ts";
import type { HeldImage } from "../rules/image-urls.ts";

// HTML fields as a page shows them: sanitised again, and each image pointed at the copy the site
// holds (or left out, its alt text kept, when the site holds none). One lookup for all the fields
// a page shows, through the page's image repository, which tags the page with each image shown.

/** What a page looks held images up in (Astro.locals.images). */
export interface ImageLookup {
  held(addresses: readonly string[]): Promise<ReadonlyMap<string, HeldImage>>;
}

/** How wide an image in the reading column shows: the whole screen on a phone, the column beyond. */
export const PROSE_SIZES = "(min-width: 48rem) 40rem, 100vw";

/** HTML fields, already sanitised, with their images pointed at the held copies; `fields` in order. */
export async function withHeldImages(
  fields: readonly string[],
  images: ImageLookup,
  sizes = PROSE_SIZES,
  { isPlain = false }: { isPlain?: boolean } = {},
): Promise<string[]> {
  const addresses = [...new Set(fields.flatMap(imageSources))];
  if (addresses.length === 0) return [...fields];
  const held = await images.held(addresses);
  return fields.map((html) => rewriteImages(html, held, { sizes, isPlain }));
}

/** HTML fields sanitised for the page, with their images pointed at the held copies. */
export function showableHtml(
  fields: readonly string[],
  images: ImageLookup,
  sizes = PROSE_SIZES,
): Promise<string[]> {
  return withHeldImages(fields.map(sanitizeContentHtml), images, sizes);
}
