import { connect } from "../../src/db/connect.ts";
import { nextAwaitingRenditions } from "../../src/db/repositories/image-store.ts";
import { until } from "./poll.ts";

// A site makes the renditions of the images it holds (the demo's portraits, a sync's pictures) in
// the background after it starts or writes, and each image's are a content revision of their own.
// A test that counts revisions, or compares what the site serves before and after, starts once
// none is owed.

/** Waits until no image held in the database at `url` awaits its renditions. */
export async function untilRendered(url: string, ms = 60_000): Promise<void> {
  const db = connect(url);
  try {
    await until("the renditions were made", async () => !(await nextAwaitingRenditions(db)), ms);
  } finally {
    await db.close();
  }
}

/** How many images the database at `url` holds: each stored its renditions once, as a revision. */
export async function heldImageCount(url: string): Promise<number> {
  const db = connect(url);
  try {
    const row = await db.kysely
      .selectFrom("images")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  } finally {
    await db.close();
  }
}
