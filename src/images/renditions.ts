import sharp, { type Sharp } from "sharp";
import { fallbackFormat, renditionWidths, type RenditionFormat } from "../rules/image-urls.ts";
import { openImage } from "./inspect.ts";

// The sizes a page asks for: AVIF and WebP, and a JPEG (PNG for an image with alpha) for the
// browsers that take neither, at the widths of src/rules/image-urls.ts up to the original's.
// EXIF orientation is applied, every profile and metadata (camera, place, date) is left out, and
// the colours are sRGB. The original is decoded once, at the largest width needed; each rendition
// is made from those pixels.

/** One rendition: its size, format and bytes. */
export interface Rendition {
  width: number;
  height: number;
  format: RenditionFormat;
  bytes: Buffer;
}

// Qualities chosen by eye on a portrait: skin, hair and a grainy background hold. AVIF at sharp's
// default effort (4) took 15 to 60 times as long as at 0 to 2 here, for files within 10% of theirs;
// 1 keeps a photograph's renditions within seconds. The JPEG is the fallback for the few browsers
// that read neither AVIF nor WebP: made fast (mozjpeg took ten times as long for a third less).
const ENCODE: Record<RenditionFormat, (image: Sharp) => Sharp> = {
  avif: (image) => image.avif({ quality: 50, effort: 1 }),
  webp: (image) => image.webp({ quality: 75 }),
  jpeg: (image) => image.jpeg({ quality: 78, progressive: true }),
  png: (image) => image.png({ compressionLevel: 9, adaptiveFiltering: true }),
};

/**
 * Makes every rendition of an image, one after another; `pause` is awaited before each encoding
 * (the running site lets a publish go first).
 */
export async function makeRenditions(
  original: Uint8Array,
  { width, hasAlpha }: { width: number; hasAlpha: boolean },
  pause: () => Promise<void> = async () => {},
): Promise<Rendition[]> {
  const widths = renditionWidths(width);
  const largest = widths[widths.length - 1]!;
  await pause();
  const { data, info } = await openImage(original)
    .autoOrient()
    .resize({ width: largest, withoutEnlargement: true })
    .toColourspace("srgb")
    .raw({ depth: "uchar" })
    .toBuffer({ resolveWithObject: true });
  const raw = { width: info.width, height: info.height, channels: info.channels };
  const formats: RenditionFormat[] = ["avif", "webp", fallbackFormat(hasAlpha)];
  const renditions: Rendition[] = [];
  for (const w of widths) {
    for (const format of formats) {
      await pause();
      const resized = sharp(data, { raw }).resize({ width: w });
      const { data: bytes, info: out } = await ENCODE[format](resized).toBuffer({
        resolveWithObject: true,
      });
      renditions.push({ width: w, height: out.height, format, bytes });
    }
  }
  return renditions;
}
