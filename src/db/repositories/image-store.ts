import type { ImageStore } from "../../images/hold.ts";
import type { ImageFacts } from "../../images/inspect.ts";
import type { Rendition } from "../../images/renditions.ts";
import { imageTag } from "../../rules/cache-tags.ts";
import type { Db } from "../connect.ts";
import { writeTransaction } from "../write-transaction.ts";
import { commitRevision } from "./content-repository.ts";

// Where holding and rendering write: the original's bytes (once per digest) and the addresses that
// name them, before the content write that refers to them (so that its commit shows them); and
// later, one image at a time, its renditions, as a content change of their own that touches the
// pages that show the image.

const BATCH = 500;

/** The store src/images/hold.ts holds images in. */
export function imageStore(db: Db): ImageStore {
  const k = db.kysely;
  return {
    async heldAddresses(addresses) {
      const held = new Map<string, string>();
      for (let i = 0; i < addresses.length; i += BATCH) {
        const rows = await k
          .selectFrom("image_addresses")
          .select(["Address", "Digest"])
          .where("Address", "in", addresses.slice(i, i + BATCH))
          .execute();
        for (const row of rows) held.set(row.Address, row.Digest);
      }
      return held;
    },
    async putImage(address: string, facts: ImageFacts, bytes: Buffer) {
      const HeldAt = new Date().toISOString();
      await k.transaction().execute(async (tx) => {
        await tx
          .insertInto("images")
          .values({
            Digest: facts.digest,
            Format: facts.format,
            Width: facts.width,
            Height: facts.height,
            HasAlpha: facts.hasAlpha ? 1 : 0,
            Bytes: bytes,
            HeldAt,
            RenditionProblem: null,
          })
          .onConflict((c) => c.column("Digest").doNothing())
          .execute();
        // Another version's address stays referred to (or not) as it was: only its bytes change.
        await tx
          .insertInto("image_addresses")
          .values({ Address: address, Digest: facts.digest, HeldAt, ReferencedAt: null })
          .onConflict((c) => c.column("Address").doUpdateSet({ Digest: facts.digest, HeldAt }))
          .execute();
      });
    },
  };
}

/** A held image whose renditions are still to be made, with what making them needs. */
export interface AwaitingRenditions {
  digest: string;
  width: number;
  hasAlpha: boolean;
  bytes: Buffer;
}

/** The next held image without renditions (and none that failed), or null when all have them. */
export async function nextAwaitingRenditions(db: Db): Promise<AwaitingRenditions | null> {
  const row = await db.kysely
    .selectFrom("images as i")
    .select(["i.Digest", "i.Width", "i.HasAlpha", "i.Bytes"])
    .where("i.RenditionProblem", "is", null)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom("image_renditions as r")
            .select("r.Digest")
            .whereRef("r.Digest", "=", "i.Digest"),
        ),
      ),
    )
    .orderBy("i.HeldAt")
    .limit(1)
    .executeTakeFirst();
  return row
    ? { digest: row.Digest, width: row.Width, hasAlpha: row.HasAlpha === 1, bytes: row.Bytes }
    : null;
}

/**
 * Stores an image's renditions in one transaction that is a content change touching the image's
 * tag, so that every instance drops the pages that showed its original and the writer purges them.
 * Resolves to the change's tags, or null (nothing written) when the image is no longer held or
 * another instance stored its renditions first.
 */
export async function storeRenditions(
  db: Db,
  digest: string,
  renditions: readonly Rendition[],
): Promise<string[] | null> {
  return writeTransaction(db, async (tx) => {
    const image = await tx
      .selectFrom("images")
      .select("Digest")
      .where("Digest", "=", digest)
      .executeTakeFirst();
    const made = await tx
      .selectFrom("image_renditions")
      .select("Digest")
      .where("Digest", "=", digest)
      .limit(1)
      .executeTakeFirst();
    if (!image || made) return null;
    // Two instances can both find none made and both get here: the unique key makes the later
    // one's first insert wait for the earlier one's commit and then insert nothing. It then
    // stops before its revision, which would purge the image's pages a second time.
    let inserted = 0n;
    for (const r of renditions) {
      const result = await tx
        .insertInto("image_renditions")
        .values({
          Digest: digest,
          Width: r.width,
          Format: r.format,
          Height: r.height,
          Bytes: r.bytes,
        })
        .onConflict((c) => c.columns(["Digest", "Width", "Format"]).doNothing())
        .executeTakeFirst();
      inserted += result.numInsertedOrUpdatedRows ?? 0n;
    }
    if (inserted === 0n && renditions.length > 0) return null;
    const tags = [imageTag(digest)];
    await commitRevision(tx, db.dialect, tags);
    return tags;
  });
}

/** Records that an image's renditions cannot be made, so that they are not tried again. */
export async function renditionsFailed(db: Db, digest: string, problem: string): Promise<void> {
  await db.kysely
    .updateTable("images")
    .set({ RenditionProblem: problem.slice(0, 500) })
    .where("Digest", "=", digest)
    .execute();
}
