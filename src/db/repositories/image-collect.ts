import type { Kysely } from "kysely";
import type { ContentFile } from "../../content/content-file.ts";
import { imageSources } from "../../images/html-images.ts";
import { isImageAddress } from "../../images/load.ts";
import type { Database } from "../schema.ts";

// Which images the content refers to, and the garbage collection that every content write runs in
// its own transaction: an image no content refers to any more is dropped at once, so that its
// address answers 404 from the write's commit (and its tag, among the write's, purges it) rather
// than living out an immutable year after the firm withdrew it.

/** What refers to images: the HTML fields, and (as they come) the site's people. */
export interface ImageReferrers {
  descriptions: ContentFile["descriptions"];
  articles: readonly Pick<ContentFile["articles"][number], "Summary" | "Content">[];
  people?: readonly Pick<ContentFile["people"][number], "Biography" | "Photo">[];
  site?: { pages: readonly Pick<ContentFile["site"]["pages"][number], "content">[] };
}

/**
 * Every image address the content refers to, once each: the `<img>` of the descriptions, of the
 * articles' Summary and Content, of the site's pages and of people's biographies, and people's
 * photographs.
 */
export function imageAddresses(content: ImageReferrers): string[] {
  const html = [
    ...Object.values(content.descriptions),
    ...content.articles.flatMap((a) => [a.Summary, a.Content]),
    ...(content.site?.pages ?? []).map((p) => p.content),
    ...(content.people ?? []).map((p) => p.Biography),
  ];
  const photos = (content.people ?? []).flatMap((p) => (p.Photo ? [p.Photo.Url] : []));
  return [...new Set([...html.flatMap(imageSources), ...photos])].filter(isImageAddress);
}

/**
 * How long an address held for a write that has not committed yet (a sync's, an import's running
 * beside this write) is kept although no content refers to it: a write that failed leaves its
 * images to the next collection after this.
 */
const PENDING_MS = 60 * 60 * 1000;

const BATCH = 500;

/**
 * Drops, inside a content write's transaction, every held address that the content after the write
 * does not refer to (`referenced`), and every image no address names any more (its renditions
 * with it); resolves to the dropped images' digests. An address held in the last hour that no write ever referred to is
 * kept: its own write may still be on its way.
 */
export async function collectImages(
  tx: Kysely<Database>,
  referenced: Iterable<string>,
  now = new Date(),
): Promise<string[]> {
  const wanted = new Set(referenced);
  const held = await tx
    .selectFrom("image_addresses")
    .select(["Address", "Digest", "HeldAt", "ReferencedAt"])
    .execute();
  const since = new Date(now.getTime() - PENDING_MS).toISOString();
  const firstReferred = held.filter((a) => a.ReferencedAt === null && wanted.has(a.Address));
  const dropped = held.filter(
    (a) => !wanted.has(a.Address) && (a.ReferencedAt !== null || a.HeldAt < since),
  );
  await markReferenced(
    tx,
    firstReferred.map((a) => a.Address),
    now,
  );
  return dropAddresses(
    tx,
    dropped.map((a) => a.Address),
  );
}

/**
 * Drops, inside a content write's transaction, these held addresses (that the write stopped
 * referring to, and nothing else does), and every image no address names any more, its
 * renditions with it; resolves to the dropped images' digests.
 */
export async function dropAddresses(
  tx: Kysely<Database>,
  addresses: readonly string[],
): Promise<string[]> {
  for (let i = 0; i < addresses.length; i += BATCH)
    await tx
      .deleteFrom("image_addresses")
      .where("Address", "in", addresses.slice(i, i + BATCH))
      .execute();
  // Unnamed images: those whose addresses went now, or before (an address re-pointed at new bytes).
  const orphans = await tx
    .selectFrom("images as i")
    .select("i.Digest")
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom("image_addresses as a")
            .select("a.Digest")
            .whereRef("a.Digest", "=", "i.Digest"),
        ),
      ),
    )
    .execute();
  const gone = orphans.map((row) => row.Digest);
  for (let i = 0; i < gone.length; i += BATCH)
    await tx
      .deleteFrom("images")
      .where("Digest", "in", gone.slice(i, i + BATCH))
      .execute();
  return gone;
}

/**
 * Records, inside a content write's transaction, that the write refers to these held addresses:
 * the write that stops referring to one drops it at once, not after the hour a pending one is kept.
 */
export async function markReferenced(
  tx: Kysely<Database>,
  addresses: readonly string[],
  now = new Date(),
): Promise<void> {
  for (let i = 0; i < addresses.length; i += BATCH)
    await tx
      .updateTable("image_addresses")
      .set({ ReferencedAt: now.toISOString() })
      .where("Address", "in", addresses.slice(i, i + BATCH))
      .where("ReferencedAt", "is", null)
      .execute();
}
