import { Element, Text, type ChildNode } from "domhandler";
import { DomUtils, parseDocument } from "htmlparser2";
import { pictureParts, type HeldImage } from "../rules/image-urls.ts";

// The images that HTML fields (descriptions, articles, pages) show, found and pointed at the copies
// the site holds. The HTML is parsed, never matched with patterns. A page rewrites its HTML fields
// after the sanitiser has run on them: the `<picture>` and `srcset` written here are the site's, and
// the sanitiser keeps an editor from writing either (src/rules/html-allow-lists.ts).

const isImage = (node: ChildNode): node is Element =>
  node instanceof Element && node.name === "img";

/** Whether an address is on this site (`/…`): such an image is the site's own, and left as it is. */
const isSitePath = (src: string) => src.startsWith("/") && !src.startsWith("//");

/** Every image address (`<img src>`) in the HTML, once each, in order; the site's own paths left out. */
export function imageSources(html: string): string[] {
  if (!/<img\b/i.test(html)) return [];
  const found = DomUtils.findAll(isImage, parseDocument(html).children);
  const sources = found.map((img) => img.attribs.src?.trim() ?? "");
  return [...new Set(sources.filter((src) => src !== "" && !isSitePath(src)))];
}

/** How a rewritten image shows. */
export interface RewriteOptions {
  /** The `sizes` of an image that names no width of its own: how wide the field shows it. */
  sizes: string;
  /**
   * A plain `<img>` of the fallback, for readers that take no `<picture>` nor `srcset` (a feed's:
   * its HTML goes through the sanitiser again, which keeps only that).
   */
  isPlain?: boolean;
}

/** A positive whole number of pixels, from an attribute, or null (`50%`, `auto`, nothing). */
function pixels(value: string | undefined): number | null {
  const n = value !== undefined && /^\s*\d+\s*$/.test(value) ? Number(value) : NaN;
  return Number.isInteger(n) && n > 0 ? n : null;
}

/**
 * The width and height the image shows at: the editor's when both are given, one of them with the
 * other from the image's proportions, or the image's own. So the browser keeps its place (no
 * layout shift) before the bytes arrive.
 */
function shownSize(attribs: Record<string, string>, image: HeldImage) {
  const width = pixels(attribs.width);
  const height = pixels(attribs.height);
  if (width !== null && height !== null) return { width, height, isSized: true };
  if (width !== null)
    return { width, height: Math.round((width * image.height) / image.width), isSized: true };
  if (height !== null)
    return { width: Math.round((height * image.width) / image.height), height, isSized: true };
  return { width: image.width, height: image.height, isSized: false };
}

/** The `<picture>` for one `<img>` of an HTML field and the image it names (an `<img>` alone for an original). */
function pictureFor(img: Element, image: HeldImage, { sizes, isPlain }: RewriteOptions): Element {
  const { sources, img: parts } = pictureParts(image);
  const size = shownSize(img.attribs, image);
  if (isPlain)
    return new Element("img", {
      src: parts.src,
      width: String(size.width),
      height: String(size.height),
      alt: img.attribs.alt ?? "",
      ...(img.attribs.title ? { title: img.attribs.title } : {}),
    });
  const shownSizes = size.isSized ? `(max-width: ${size.width}px) 100vw, ${size.width}px` : sizes;
  const attribs: Record<string, string> = {
    src: parts.src,
    ...(parts.srcset ? { srcset: parts.srcset, sizes: shownSizes } : {}),
    width: String(size.width),
    height: String(size.height),
    alt: img.attribs.alt ?? "",
    ...(img.attribs.title ? { title: img.attribs.title } : {}),
    loading: "lazy",
    decoding: "async",
  };
  if (sources.length === 0) return new Element("img", attribs);
  const children = [
    ...sources.map(
      (s) => new Element("source", { type: s.type, srcset: s.srcset, sizes: shownSizes }),
    ),
    new Element("img", attribs),
  ];
  const picture = new Element("picture", {}, children);
  for (const child of children) child.parent = picture;
  return picture;
}

/**
 * The HTML with each image pointed at the copy the site holds (`held`, by address): a `<picture>`
 * with AVIF and WebP sources and the fallback `<img>` with its width and height, or the held
 * original alone until the renditions exist. An image the site does not hold is left out, its
 * alt text kept as text: never pointed at the server it came from. The site's own paths stay.
 */
export function rewriteImages(
  html: string,
  held: ReadonlyMap<string, HeldImage>,
  options: RewriteOptions,
): string {
  if (!/<img\b/i.test(html)) return html;
  const document = parseDocument(html);
  for (const img of DomUtils.findAll(isImage, document.children)) {
    const src = img.attribs.src?.trim() ?? "";
    if (isSitePath(src)) continue;
    const image = held.get(src);
    if (image !== undefined) DomUtils.replaceElement(img, pictureFor(img, image, options));
    else if (img.attribs.alt) DomUtils.replaceElement(img, new Text(img.attribs.alt));
    else DomUtils.removeElement(img);
  }
  return DomUtils.getOuterHTML(document, { encodeEntities: "utf8" });
}
