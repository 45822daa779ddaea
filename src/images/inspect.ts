import { createHash } from "node:crypto";
import sharp, { type Metadata } from "sharp";
import type { OriginalFormat } from "../rules/image-urls.ts";
import { sniffFormat } from "./sniff.ts";

/** The most pixels an image may have: beyond, it is refused before it is decoded (a decompression bomb). */
export const MAX_IMAGE_PIXELS = 50_000_000;

/** What the site knows of an image it takes in. Width and height are as displayed (EXIF orientation applied). */
export interface ImageFacts {
  /** SHA-256 of the bytes, lower-case hex. */
  digest: string;
  format: OriginalFormat;
  width: number;
  height: number;
  hasAlpha: boolean;
}

/** An image taken in, or why not, in words for the log. */
export type Inspected = { ok: true; facts: ImageFacts } | { ok: false; reason: string };

const NAMES: Record<OriginalFormat, string> = {
  jpeg: "JPEG",
  png: "PNG",
  webp: "WebP",
  avif: "AVIF",
  gif: "GIF",
};

/** The format sharp (libvips) reads the bytes as, in our names. */
function formatOf(metadata: Metadata): OriginalFormat | null {
  if (metadata.format === "heif") return metadata.compression === "av1" ? "avif" : null;
  return metadata.format in NAMES ? (metadata.format as OriginalFormat) : null;
}

/** The SHA-256 of the bytes, lower-case hex: the image's name on this site. */
export const imageDigest = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

/** sharp over untrusted bytes: never more pixels than allowed, and a truncated file is an error. */
export const openImage = (bytes: Uint8Array) =>
  sharp(bytes, { limitInputPixels: MAX_IMAGE_PIXELS, failOn: "truncated" });

/**
 * Checks bytes that claim to be an image: a format the site takes (by its signature, and as
 * libvips reads it), no SVG, at most MAX_IMAGE_PIXELS (from the header, before any decoding), and
 * whole (decoded once, small). Resolves with its facts, or with the reason it is refused.
 */
export async function inspectImage(bytes: Uint8Array): Promise<Inspected> {
  const sniffed = sniffFormat(bytes);
  if (sniffed === "svg")
    return { ok: false, reason: "it is an SVG, which can carry scripts: the site takes none" };
  if (sniffed === null)
    return { ok: false, reason: "it is not an image in JPEG, PNG, WebP, AVIF or GIF" };
  let metadata: Metadata;
  try {
    metadata = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    return { ok: false, reason: `it starts as a ${NAMES[sniffed]} but cannot be read as one` };
  }
  if (formatOf(metadata) !== sniffed)
    return { ok: false, reason: `it starts as a ${NAMES[sniffed]} but is not one` };
  // Only the first frame of an animation is ever decoded.
  const pixels = metadata.width * metadata.height;
  if (pixels > MAX_IMAGE_PIXELS)
    return {
      ok: false,
      reason: `it has ${(pixels / 1e6).toFixed(1)} megapixels, more than the ${MAX_IMAGE_PIXELS / 1e6} the site takes`,
    };
  try {
    // Decoded at a small size: a broken or truncated file fails here, not on a visitor's screen.
    await openImage(bytes).resize(16, 16, { fit: "inside" }).raw().toBuffer();
  } catch {
    return { ok: false, reason: `it is a broken ${NAMES[sniffed]}` };
  }
  const { width, height } = metadata.autoOrient;
  return {
    ok: true,
    facts: {
      digest: imageDigest(bytes),
      format: sniffed,
      width,
      height,
      hasAlpha: metadata.hasAlpha,
    },
  };
}
