// Where the site serves the images it holds, written once for the pages, the HTML fields and the
// image route. An image is named by the SHA-256 of its original bytes, so its address changes
// whenever its bytes do (a replaced image in Sitefinity gets a new `sfvrsn`, and new bytes), and
// every address can be kept for a year.

/** The formats an original may have (what the site takes in). */
export type OriginalFormat = "jpeg" | "png" | "webp" | "avif" | "gif";
/** The formats the site makes: AVIF and WebP, and JPEG (PNG when the image has alpha) as a fallback. */
export type RenditionFormat = "avif" | "webp" | "jpeg" | "png";
type Format = OriginalFormat | RenditionFormat;

/**
 * The widths renditions are made at (never above the original's): a portrait in a card up to an
 * image across the reading column (68ch) on a screen of twice the pixels.
 */
export const IMAGE_WIDTHS: readonly number[] = [320, 640, 960, 1280];

/** The fallback `src` is the widest rendition up to this width (srcset picks for most browsers). */
const FALLBACK_SRC_WIDTH = 960;

const EXTENSIONS: Record<Format, string> = {
  jpeg: "jpg",
  png: "png",
  webp: "webp",
  avif: "avif",
  gif: "gif",
};

/** The Content-Type of each format. */
export const IMAGE_TYPES: Record<Format, string> = {
  jpeg: "image/jpeg",
  png: "image/png",
  webp: "image/webp",
  avif: "image/avif",
  gif: "image/gif",
};

/** An image the site holds, as a page shows it. Width and height are as displayed (EXIF orientation applied). */
export interface HeldImage {
  /** SHA-256 of the original bytes, in lower-case hex. */
  readonly digest: string;
  readonly format: OriginalFormat;
  readonly width: number;
  readonly height: number;
  /** The renditions' widths, narrowest first; empty until they are made. */
  readonly widths: readonly number[];
  /** The renditions' fallback format: PNG when the image has alpha, else JPEG. */
  readonly fallback: "jpeg" | "png";
}

/** The widths to render an image `width` pixels wide at: the standard ones below it, and its own. */
export function renditionWidths(width: number): number[] {
  const max = IMAGE_WIDTHS[IMAGE_WIDTHS.length - 1]!;
  const below = IMAGE_WIDTHS.filter((w) => w < Math.min(width, max));
  return [...below, Math.min(width, max)];
}

/** The fallback format for an image with or without alpha. */
export const fallbackFormat = (hasAlpha: boolean): "jpeg" | "png" => (hasAlpha ? "png" : "jpeg");

/** What an image address names: the original, or a rendition at a width. */
export type ImageVariant =
  { width: "original"; format: OriginalFormat } | { width: number; format: RenditionFormat };

/** `/images/{digest}/original.jpg` or `/images/{digest}/640.avif`. */
export function imagePath(digest: string, variant: ImageVariant): string {
  return `/images/${digest}/${variant.width}.${EXTENSIONS[variant.format]}`;
}

const PATH = /^\/images\/([0-9a-f]{64})\/(original|[1-9][0-9]{0,4})\.(jpg|png|webp|avif|gif)$/;
const BY_EXTENSION = new Map(Object.entries(EXTENSIONS).map(([format, ext]) => [ext, format]));

/** The digest and variant an image path names, or null for one the site never makes. */
export function parseImagePath(path: string): { digest: string; variant: ImageVariant } | null {
  const match = PATH.exec(path);
  if (!match) return null;
  const [, digest, width, extension] = match as unknown as [string, string, string, string];
  const format = BY_EXTENSION.get(extension) as OriginalFormat;
  if (width === "original") return { digest, variant: { width: "original", format } };
  // Renditions are never GIFs.
  if (format === "gif") return null;
  return { digest, variant: { width: Number(width), format } };
}

/** A `<source>` of a `<picture>`. */
export interface PictureSource {
  type: string;
  srcset: string;
}

/** What a `<picture>` of a held image carries, before the caller's sizes, alt and loading. */
export interface PictureParts {
  sources: PictureSource[];
  img: { src: string; srcset?: string; width: number; height: number };
}

/**
 * The `<source>`s (AVIF, then WebP) and the fallback `<img>` of a held image; before its
 * renditions exist, the original alone, at its own size.
 */
export function pictureParts(image: HeldImage): PictureParts {
  const { digest, width, height, widths } = image;
  if (widths.length === 0)
    return {
      sources: [],
      img: { src: imagePath(digest, { width: "original", format: image.format }), width, height },
    };
  const srcset = (format: RenditionFormat) =>
    widths.map((w) => `${imagePath(digest, { width: w, format })} ${w}w`).join(", ");
  const src = [...widths].reverse().find((w) => w <= FALLBACK_SRC_WIDTH) ?? widths[0]!;
  return {
    sources: (["avif", "webp"] as const).map((format) => ({
      type: IMAGE_TYPES[format],
      srcset: srcset(format),
    })),
    img: {
      src: imagePath(digest, { width: src, format: image.fallback }),
      srcset: srcset(image.fallback),
      width,
      height,
    },
  };
}
