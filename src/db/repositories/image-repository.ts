import type { HeldImage, ImageVariant, OriginalFormat } from "../../rules/image-urls.ts";
import { fallbackFormat } from "../../rules/image-urls.ts";
import type { Db } from "../connect.ts";

// What pages and the image route read of the images the site holds. A page asks by address (the
// URL or path its content names) and gets the held image's facts; the route asks by digest and
// variant and gets bytes.

/** The held images for some addresses, by address; an address not held is absent. */
export type HeldImages = ReadonlyMap<string, HeldImage>;

const BATCH = 500;

/** An image's stored bytes for a variant, and the format they are in. */
export interface ImageFile {
  bytes: Buffer;
  format: ImageVariant["format"];
}

/** Reads of the held images. */
export function imageRepository(db: Db) {
  const k = db.kysely;
  return {
    /** The held image each address names (absent when it is not held). */
    async held(addresses: readonly string[]): Promise<HeldImages> {
      const found = new Map<string, HeldImage>();
      const unique = [...new Set(addresses)];
      for (let i = 0; i < unique.length; i += BATCH) {
        const batch = unique.slice(i, i + BATCH);
        const rows = await k
          .selectFrom("image_addresses as a")
          .innerJoin("images as i", "i.Digest", "a.Digest")
          .select(["a.Address", "i.Digest", "i.Format", "i.Width", "i.Height", "i.HasAlpha"])
          .where("a.Address", "in", batch)
          .execute();
        const widths = await renditionWidths(db, [...new Set(rows.map((r) => r.Digest))]);
        for (const row of rows)
          found.set(row.Address, {
            digest: row.Digest,
            format: row.Format as OriginalFormat,
            width: row.Width,
            height: row.Height,
            widths: widths.get(row.Digest) ?? [],
            fallback: fallbackFormat(row.HasAlpha === 1),
          });
      }
      return found;
    },
  };
}

/** The widths each image's renditions were made at, narrowest first (none: not made yet). */
async function renditionWidths(db: Db, digests: readonly string[]) {
  const widths = new Map<string, number[]>();
  if (digests.length === 0) return widths;
  // One format stands for all: an image's renditions are stored together, in one transaction.
  const rows = await db.kysely
    .selectFrom("image_renditions")
    .select(["Digest", "Width"])
    .where("Digest", "in", digests)
    .where("Format", "=", "webp")
    .orderBy("Width")
    .execute();
  for (const row of rows) widths.set(row.Digest, [...(widths.get(row.Digest) ?? []), row.Width]);
  return widths;
}

/** The bytes of a held image's original or rendition, or null when the site does not hold it. */
export async function imageFile(
  db: Db,
  digest: string,
  variant: ImageVariant,
): Promise<ImageFile | null> {
  if (variant.width === "original") {
    const row = await db.kysely
      .selectFrom("images")
      .select(["Bytes", "Format"])
      .where("Digest", "=", digest)
      .executeTakeFirst();
    // The address names the original's format: another extension is not this image's address.
    return row && row.Format === variant.format
      ? { bytes: row.Bytes, format: variant.format }
      : null;
  }
  const row = await db.kysely
    .selectFrom("image_renditions")
    .select("Bytes")
    .where("Digest", "=", digest)
    .where("Width", "=", variant.width)
    .where("Format", "=", variant.format)
    .executeTakeFirst();
  return row ? { bytes: row.Bytes, format: variant.format } : null;
}

export type ImageRepository = ReturnType<typeof imageRepository>;
