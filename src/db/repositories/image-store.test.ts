import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { tempDatabase } from "../../../tests/helpers/temp-db.ts";
import { portraitJpeg } from "../../../tools/test-images.ts";
import {
  startSitefinityService,
  type SitefinityService,
} from "../../../tools/sitefinity-service.ts";
import { parseContentFile, type ContentFile } from "../../content/content-file.ts";
import { holdImages } from "../../images/hold.ts";
import { imageDigest } from "../../images/inspect.ts";
import { imageLoader } from "../../images/load.ts";
import { makeRenditions } from "../../images/renditions.ts";
import { imageTag } from "../../rules/cache-tags.ts";
import { generateContent } from "../demo/generate.ts";
import { changedTags, contentRevision, replaceContent } from "./content-repository.ts";
import { collectImages, imageAddresses } from "./image-collect.ts";
import { imageFile, imageRepository } from "./image-repository.ts";
import { imageStore, nextAwaitingRenditions, storeRenditions } from "./image-store.ts";

// Held images in a real database (SQLite here, PostgreSQL under `npm run test:pg`), fetched from
// the Sitefinity stand-in: held once, dropped by the content write that stops referring to them.

function parsed(doc: unknown): ContentFile {
  const result = parseContentFile(JSON.parse(JSON.stringify(doc)));
  if (!result.ok) throw new Error(result.problems.join("\n"));
  return result.content;
}

const base = parsed(generateContent({ transactions: 6, articles: 3, seed: 9 }));

/** The content with these images in its first article, its first description and its first page. */
function showing(article: string[], description: string[] = [], page: string[] = []): ContentFile {
  const img = (src: string) => `<img src="${src}" alt="A picture">`;
  const key = base.transactions[0]!.Description;
  return parsed({
    ...base,
    articles: base.articles.map((a, i) =>
      i === 0 ? { ...a, Content: `<p>Text</p>${article.map(img).join("")}` } : a,
    ),
    descriptions: { ...base.descriptions, [key]: `<p>Deal</p>${description.map(img).join("")}` },
    site: {
      ...base.site,
      pages: base.site.pages.map((p, i) =>
        i === 0 ? { ...p, content: page.map(img).join("") } : p,
      ),
    },
  });
}

let service: SitefinityService;
let photo: Buffer;
let replaced: Buffer;
beforeAll(async () => {
  service = await startSitefinityService(base);
  [photo, replaced] = await Promise.all([
    portraitJpeg(400, 500),
    portraitJpeg(400, 500, { hue: 20 }),
  ]);
  service.serveImage("/images/people/ada.jpg", { bytes: photo, type: "image/jpeg" });
  service.serveImage("/images/people/ada-copy.jpg", { bytes: photo, type: "image/jpeg" });
});
afterAll(() => service.close());

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});
async function database(content: ContentFile = base) {
  const t = await tempDatabase(content);
  cleanups.push(t.cleanup);
  return t.db;
}

const url = (path: string, version = 1) => `${service.origin}${path}?sfvrsn=${version}`;
const requestsFor = (path: string) => service.requests.filter((r) => r.includes(path)).length;

describe("imageAddresses", () => {
  it("lists every image of the descriptions, articles, pages and people, once, and no site path", () => {
    const content = showing(
      [url("/a.png"), "/images/own.png"],
      [url("/b.png")],
      [url("/a.png"), url("/c.png")],
    );
    const photos = base.people.flatMap((p) => (p.Photo ? [p.Photo.Url] : []));
    expect(photos.length).toBeGreaterThan(0);
    expect(imageAddresses(content).sort()).toEqual(
      [url("/a.png"), url("/b.png"), url("/c.png"), ...photos].sort(),
    );
  });
});

describe("holding images", () => {
  it("fetches each address once, and keeps bytes once however many addresses name them", async () => {
    const db = await database();
    const load = imageLoader({ origins: [service.origin] });
    const addresses = [url("/images/people/ada.jpg"), url("/images/people/ada-copy.jpg")];
    const first = await holdImages(imageStore(db), addresses, load);
    expect(first).toEqual(
      addresses.map((address) => ({
        address,
        isHeld: true,
        digest: imageDigest(photo),
        isNew: true,
      })),
    );
    const again = await holdImages(imageStore(db), addresses, load);
    expect(again.every((o) => o.isHeld && !o.isNew)).toBe(true);
    expect(requestsFor("/images/people/ada.jpg")).toBe(1);
    const held = await imageRepository(db).held([...addresses, url("/images/none.png")]);
    expect([...held.keys()]).toEqual(expect.arrayContaining(addresses));
    expect(held.size).toBe(2);
    expect(held.get(addresses[0]!)).toEqual({
      digest: imageDigest(photo),
      format: "jpeg",
      width: 400,
      height: 500,
      widths: [],
      fallback: "jpeg",
    });
    const original = await imageFile(db, imageDigest(photo), { width: "original", format: "jpeg" });
    expect(original?.bytes.equals(photo)).toBe(true);
  });
});

describe("a content write drops the images no content refers to any more", () => {
  it("a replaced image (new sfvrsn): the new one held anew, the old one dropped with its tag", async () => {
    const db = await database();
    const load = imageLoader({ origins: [service.origin] });
    const old = url("/images/people/ada.jpg", 1);
    await holdImages(imageStore(db), [old], load);
    await replaceContent(db, showing([old]));
    service.serveImage("/images/people/ada-v2.jpg", { bytes: replaced, type: "image/jpeg" });
    const next = url("/images/people/ada-v2.jpg", 2);
    const [outcome] = await holdImages(imageStore(db), [next], load);
    expect(outcome).toMatchObject({ isHeld: true, digest: imageDigest(replaced), isNew: true });
    let dropped: readonly string[] = [];
    const before = await contentRevision(db);
    const after = await replaceContent(db, showing([next]), {
      tags: ["article-x"],
      onImagesDropped: (digests) => (dropped = digests),
    });
    expect(dropped).toEqual([imageDigest(photo)]);
    expect(await changedTags(db, before, after)).toEqual([
      "article-x",
      imageTag(imageDigest(photo)),
    ]);
    expect(
      await imageFile(db, imageDigest(photo), { width: "original", format: "jpeg" }),
    ).toBeNull();
    expect((await imageRepository(db).held([old, next])).has(next)).toBe(true);
  });

  it("keeps an image still shown elsewhere (a page), and one held for a write still to come", async () => {
    const db = await database();
    const load = imageLoader({ origins: [service.origin] });
    const shared = url("/images/people/ada.jpg");
    await holdImages(imageStore(db), [shared], load);
    await replaceContent(db, showing([shared], [], [shared]));
    // Held by a sync whose write has not committed yet: no content refers to it so far.
    const pending = url("/images/people/ada-copy.jpg");
    await holdImages(imageStore(db), [pending], load);
    let dropped: readonly string[] = ["none reported"];
    await replaceContent(db, showing([], [], [shared]), { onImagesDropped: (d) => (dropped = d) });
    expect(dropped).toEqual(["none reported"]);
    expect((await imageRepository(db).held([shared, pending])).size).toBe(2);
    // An hour on, with no write having referred to it, it goes.
    const later = new Date(Date.now() + 61 * 60 * 1000);
    const gone = await db.kysely.transaction().execute((tx) => collectImages(tx, [shared], later));
    expect(gone).toEqual([]);
    expect((await imageRepository(db).held([pending])).size).toBe(0);
  });
});

describe("renditions", () => {
  it("are stored with a content change that names the image, once; the page reads their widths", async () => {
    const db = await database();
    const address = url("/images/people/ada.jpg");
    await holdImages(imageStore(db), [address], imageLoader({ origins: [service.origin] }));
    const waiting = await nextAwaitingRenditions(db);
    expect(waiting).toMatchObject({ digest: imageDigest(photo), width: 400, hasAlpha: false });
    const renditions = await makeRenditions(waiting!.bytes, waiting!);
    const before = await contentRevision(db);
    expect(await storeRenditions(db, waiting!.digest, renditions)).toEqual([
      imageTag(waiting!.digest),
    ]);
    expect(await changedTags(db, before, before + 1)).toEqual([imageTag(waiting!.digest)]);
    expect(await storeRenditions(db, waiting!.digest, renditions)).toBeNull();
    expect(await nextAwaitingRenditions(db)).toBeNull();
    expect((await imageRepository(db).held([address])).get(address)?.widths).toEqual([320, 400]);
    const avif = await imageFile(db, waiting!.digest, { width: 320, format: "avif" });
    expect(
      avif?.bytes.equals(renditions.find((r) => r.width === 320 && r.format === "avif")!.bytes),
    ).toBe(true);
  });

  it("stored by several instances at once make one revision, not one each", async () => {
    const db = await database();
    const address = url("/images/people/ada.jpg");
    await holdImages(imageStore(db), [address], imageLoader({ origins: [service.origin] }));
    const waiting = await nextAwaitingRenditions(db);
    const renditions = await makeRenditions(waiting!.bytes, waiting!);
    const before = await contentRevision(db);
    // Each found the image awaiting its renditions and made them; only one stores them.
    const stored = await Promise.all(
      Array.from({ length: 6 }, () => storeRenditions(db, waiting!.digest, renditions)),
    );
    expect(stored.filter((tags) => tags !== null)).toHaveLength(1);
    expect(await contentRevision(db)).toBe(before + 1);
  });

  it("do not fail a write worked out before they were stored; another write in between does", async () => {
    const db = await database();
    const address = url("/images/people/ada.jpg");
    await holdImages(imageStore(db), [address], imageLoader({ origins: [service.origin] }));
    const read = await contentRevision(db);
    const waiting = await nextAwaitingRenditions(db);
    await storeRenditions(db, waiting!.digest, await makeRenditions(waiting!.bytes, waiting!));
    // A sync that read the content before the renditions were stored still writes.
    const written = await replaceContent(db, base, { ifRevision: read });
    expect(written).toBe(read + 2);
    // A content write in between is a change the sync did not see: it is refused.
    await replaceContent(db, showing([]), {});
    await expect(replaceContent(db, base, { ifRevision: written })).rejects.toThrow(
      /the content changed while this ran/,
    );
  });
});
