import type { OriginalFormat } from "../rules/image-urls.ts";

// What an image's first bytes say it is. The site takes JPEG, PNG, WebP, AVIF and GIF, and
// recognises them by their signatures, never by the Content-Type a server sent: a server can
// say image/jpeg of anything. An SVG is named, to be refused as one: it is a document that can
// carry scripts and links, not a picture.

const ascii = (bytes: Uint8Array, from: number, to: number) =>
  String.fromCharCode(...bytes.subarray(from, to));

const startsWith = (bytes: Uint8Array, signature: readonly number[]) =>
  signature.every((byte, i) => bytes[i] === byte);

/** The AVIF brands an ISO-BMFF `ftyp` box names (its major brand, or one of its compatible ones). */
function isAvif(bytes: Uint8Array): boolean {
  if (ascii(bytes, 4, 8) !== "ftyp") return false;
  const boxSize = Math.min(
    ((bytes[0]! << 24) | (bytes[1]! << 16) | (bytes[2]! << 8) | bytes[3]!) >>> 0,
    bytes.length,
  );
  const brands = [ascii(bytes, 8, 12)];
  for (let at = 16; at + 4 <= boxSize; at += 4) brands.push(ascii(bytes, at, at + 4));
  return brands.includes("avif") || brands.includes("avis");
}

/** Whether the bytes are text that opens with markup naming an `<svg>` element. */
function isSvg(bytes: Uint8Array): boolean {
  const head = new TextDecoder("utf-8", { fatal: false })
    .decode(bytes.subarray(0, 4096))
    .replace(/^\uFEFF/, "")
    .trimStart();
  return head.startsWith("<") && /<svg[\s>]/i.test(head);
}

/** The format the bytes are in, "svg" for an SVG, or null for anything else. */
export function sniffFormat(bytes: Uint8Array): OriginalFormat | "svg" | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return "jpeg";
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "png";
  if (ascii(bytes, 0, 6) === "GIF87a" || ascii(bytes, 0, 6) === "GIF89a") return "gif";
  if (ascii(bytes, 0, 4) === "RIFF" && ascii(bytes, 8, 12) === "WEBP") return "webp";
  if (bytes.length >= 12 && isAvif(bytes)) return "avif";
  if (isSvg(bytes)) return "svg";
  return null;
}
