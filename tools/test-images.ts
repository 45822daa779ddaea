import { deflateSync, crc32 } from "node:zlib";
import sharp from "sharp";

// Images for the tests and the bench, each made here rather than checked in: a photograph-like
// JPEG of any size (a portrait over a grainy background, as a banker's photograph is), and the
// files the site must refuse: an SVG, a page that is not an image, and a decompression bomb.

/** A portrait drawn at `width` × `height`: gradients, shapes and grain, as a photograph compresses. */
export async function portraitJpeg(
  width: number,
  height: number,
  { hue = 210, orientation }: { hue?: number; orientation?: number } = {},
): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs>
      <radialGradient id="bg" cx="50%" cy="35%" r="75%">
        <stop offset="0" stop-color="hsl(${hue},25%,70%)"/><stop offset="1" stop-color="hsl(${hue},30%,22%)"/>
      </radialGradient>
      <radialGradient id="skin" cx="45%" cy="40%" r="60%">
        <stop offset="0" stop-color="#e9c3a5"/><stop offset="1" stop-color="#a8735a"/>
      </radialGradient>
    </defs>
    <rect width="100%" height="100%" fill="url(#bg)"/>
    <ellipse cx="${width / 2}" cy="${height * 0.98}" rx="${width * 0.48}" ry="${height * 0.36}" fill="#26303f"/>
    <rect x="${width * 0.44}" y="${height * 0.5}" width="${width * 0.12}" height="${height * 0.16}" fill="url(#skin)"/>
    <ellipse cx="${width / 2}" cy="${height * 0.38}" rx="${width * 0.19}" ry="${height * 0.19}" fill="url(#skin)"/>
    <ellipse cx="${width / 2}" cy="${height * 0.25}" rx="${width * 0.2}" ry="${height * 0.09}" fill="#3a2a20"/>
  </svg>`;
  const grain = await sharp({
    create: {
      width,
      height,
      channels: 3,
      background: "#808080",
      noise: { type: "gaussian", mean: 128, sigma: 30 },
    },
  })
    .png()
    .toBuffer();
  const image = sharp(Buffer.from(svg)).composite([{ input: grain, blend: "overlay" }]);
  const withOrientation = orientation === undefined ? image : image.withMetadata({ orientation });
  return withOrientation.jpeg({ quality: 88 }).toBuffer();
}

/** A PNG with a transparent corner: its fallback rendition must be a PNG. */
export async function transparentPng(width: number, height: number): Promise<Buffer> {
  return sharp({
    create: { width, height, channels: 4, background: { r: 31, g: 78, b: 121, alpha: 0.5 } },
  })
    .png()
    .toBuffer();
}

/** An SVG with a script: what the site must never take in as an image. */
export const SCRIPTED_SVG = Buffer.from(
  '<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10">' +
    "<script>alert(document.cookie)</script><rect width='10' height='10'/></svg>",
);

/** A page where an image was expected (a login page, an error page served with 200). */
export const NOT_AN_IMAGE = Buffer.from(
  "<!doctype html><html><head><title>Sign in</title></head><body>Sign in</body></html>",
);

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * A decompression bomb: a PNG of a few hundred bytes whose header declares `width` × `height`
 * (by default 20,000 × 20,000: 400 megapixels, 1.2 GB once decoded).
 */
export function decompressionBomb(width = 20_000, height = 20_000): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8 bits, truecolour, deflate, no filter, no interlace
  // The first rows only: enough for a decoder to start, and for the file to stay tiny.
  const rows = deflateSync(Buffer.alloc((width * 3 + 1) * 2));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", rows),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}
