import { afterEach, describe, expect, it } from "vitest";
import { refuseWrites } from "../../tests/helpers/refuse-writes.ts";
import { tempDatabase } from "../../tests/helpers/temp-db.ts";
import { portraitJpeg, transparentPng } from "../../tools/test-images.ts";
import { imageRepository } from "../db/repositories/image-repository.ts";
import { imageStore } from "../db/repositories/image-store.ts";
import { inspectImage } from "../images/inspect.ts";
import { imageTag } from "../rules/cache-tags.ts";
import { syncHold } from "./hooks/sync-hold.ts";
import { renderAwaitingImages, renditionQueue } from "./image-renditions.ts";

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

async function withImages(images: Record<string, Buffer>) {
  const t = await tempDatabase(null);
  cleanups.push(t.cleanup);
  const digests: Record<string, string> = {};
  for (const [address, bytes] of Object.entries(images)) {
    const inspected = await inspectImage(bytes);
    if (!inspected.ok) throw new Error(inspected.reason);
    await imageStore(t.db).putImage(address, inspected.facts, bytes);
    digests[address] = inspected.facts.digest;
  }
  return { db: t.db, digests };
}

describe("renderAwaitingImages", () => {
  it("makes every held image's renditions, one at a time, and tells each image's tag", async () => {
    const { db, digests } = await withImages({
      "people/ada.jpg": await portraitJpeg(360, 450),
      "charts/share.png": await transparentPng(200, 100),
    });
    const told: string[] = [];
    expect(await renderAwaitingImages(db, { onRendered: (tags) => told.push(...tags) })).toBe(2);
    expect(told.sort()).toEqual(Object.values(digests).map(imageTag).sort());
    const held = await imageRepository(db).held(Object.keys(digests));
    expect(held.get("people/ada.jpg")).toMatchObject({ widths: [320, 360], fallback: "jpeg" });
    expect(held.get("charts/share.png")).toMatchObject({ widths: [200], fallback: "png" });
    expect(await renderAwaitingImages(db)).toBe(0);
  });

  it("waits while a hook's sync holds the site, and makes them once it ends", async () => {
    const { db } = await withImages({ "people/ada.jpg": await portraitJpeg(360, 450) });
    const hold = syncHold({ afterMs: 0 });
    hold.hold();
    let made: number | null = null;
    const making = renderAwaitingImages(db, { hold }).then((count) => (made = count));
    await new Promise((r) => setTimeout(r, 300));
    expect(made).toBeNull();
    expect(
      (await imageRepository(db).held(["people/ada.jpg"])).get("people/ada.jpg")?.widths,
    ).toEqual([]);
    hold.release();
    await making;
    expect(made).toBe(1);
    expect(
      (await imageRepository(db).held(["people/ada.jpg"])).get("people/ada.jpg")?.widths,
    ).toEqual([320, 360]);
  });

  it("gives up on an image whose renditions fail, once: its original stays shown", async () => {
    const { db, digests } = await withImages({ "people/ada.jpg": await portraitJpeg(360, 450) });
    // Bytes that stopped decoding since they were checked (a disk gone bad, a libvips change).
    await db.kysely
      .updateTable("images")
      .set({ Bytes: Buffer.from("not any more") })
      .execute();
    const failed: string[] = [];
    const onFailed = (digest: string) => failed.push(digest);
    expect(await renderAwaitingImages(db, { onFailed })).toBe(0);
    expect(await renderAwaitingImages(db, { onFailed })).toBe(0);
    expect(failed).toEqual([digests["people/ada.jpg"]]);
    const held = await imageRepository(db).held(["people/ada.jpg"]);
    expect(held.get("people/ada.jpg")?.widths).toEqual([]);
  });

  it("leaves an image awaiting when the database cannot store its renditions for a moment", async () => {
    const { db } = await withImages({ "people/ada.jpg": await portraitJpeg(360, 450) });
    // The database refuses the renditions' rows for a while (a disk full, a lock held too long),
    // while every other write still goes through.
    const allow = await refuseWrites(db, "image_renditions", "INSERT");
    const failed: string[] = [];
    await expect(
      renderAwaitingImages(db, { onFailed: (digest) => failed.push(digest) }),
    ).rejects.toThrow(/refused/);
    await allow();
    expect(failed).toEqual([]);
    expect(await renderAwaitingImages(db)).toBe(1);
    const held = await imageRepository(db).held(["people/ada.jpg"]);
    expect(held.get("people/ada.jpg")?.widths).toEqual([320, 360]);
  });
});

describe("renditionQueue", () => {
  it("runs once more when kicked during a run, and stop() waits for the image in hand", async () => {
    const { db } = await withImages({ "a.jpg": await portraitJpeg(330, 400) });
    const told: string[] = [];
    const queue = renditionQueue(db, { onRendered: (tags) => told.push(...tags) });
    queue.kick();
    // A write holds another image while the first run is under way.
    const more = await portraitJpeg(330, 400, { hue: 40 });
    const inspected = await inspectImage(more);
    if (!inspected.ok) throw new Error(inspected.reason);
    await imageStore(db).putImage("b.jpg", inspected.facts, more);
    queue.kick();
    await expect.poll(() => told.length, { timeout: 30_000 }).toBe(2);
    await queue.stop();
    queue.kick();
    expect(told).toHaveLength(2);
  });
});
