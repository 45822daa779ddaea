import { afterEach, describe, expect, it } from "vitest";
import { testApp } from "../../../tests/helpers/test-app.ts";
import { portraitJpeg } from "../../../tools/test-images.ts";
import { parseContentFile, type ContentFile } from "../../content/content-file.ts";
import { readContent, replaceContent } from "../../db/repositories/content-repository.ts";
import { imageStore, storeRenditions } from "../../db/repositories/image-store.ts";
import { inspectImage } from "../../images/inspect.ts";
import { makeRenditions } from "../../images/renditions.ts";

// The image route over a real database: the held bytes with a year's immutable lifetime and the
// image's cache tag, and a 404 once a content write stopped referring to the image.

const ADDRESS = "https://cms.firm.example/images/default-source/ada.jpg?sfvrsn=3";

let close: (() => Promise<void>) | undefined;
afterEach(async () => {
  await close?.();
  close = undefined;
});

async function withHeldImage() {
  const site = await testApp();
  close = site.close;
  const bytes = await portraitJpeg(320, 400);
  const inspected = await inspectImage(bytes);
  if (!inspected.ok) throw new Error(inspected.reason);
  await imageStore(site.db).putImage(ADDRESS, inspected.facts, bytes);
  return { ...site, bytes, digest: inspected.facts.digest };
}

/** The site's content with the held image in its first article, or without it. */
async function articleShowing(site: { db: Parameters<typeof readContent>[0] }, isShown: boolean) {
  const content = await readContent(site.db);
  const html = isShown ? `<p><img src="${ADDRESS}" alt="Ada"></p>` : "<p>No picture</p>";
  const result = parseContentFile(
    JSON.parse(
      JSON.stringify({
        ...content,
        articles: content.articles.map((a, i) => (i === 0 ? { ...a, Content: html } : a)),
      }),
    ),
  );
  if (!result.ok) throw new Error(result.problems.join("\n"));
  return result.content as ContentFile;
}

describe("GET /images/{digest}/…", () => {
  it("sends the held original, kept a year, immutable, tagged with the image, never sniffed", async () => {
    const { app, bytes, digest } = await withHeldImage();
    const response = await app.inject(`/images/${digest}/original.jpg`);
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.equals(bytes)).toBe(true);
    expect(response.headers["content-type"]).toBe("image/jpeg");
    expect(response.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(response.headers["x-content-type-options"]).toBe("nosniff");
    expect(response.headers["surrogate-key"]).toBe(`all image-${digest}`);
    expect(response.headers["cache-tag"]).toBe(`all,image-${digest}`);
    expect(response.headers["content-encoding"]).toBeUndefined();
    expect(response.headers["x-request-id"]).toBeDefined();
    const etag = String(response.headers.etag);
    const again = await app.inject({
      url: `/images/${digest}/original.jpg`,
      headers: { "if-none-match": etag },
    });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    const head = await app.inject({ method: "HEAD", url: `/images/${digest}/original.jpg` });
    expect(head.statusCode).toBe(200);
    expect(head.headers["content-length"]).toBe(String(bytes.length));
  });

  it("sends each rendition in its own format, once they are made", async () => {
    const { app, db, bytes, digest } = await withHeldImage();
    expect((await app.inject(`/images/${digest}/320.avif`)).statusCode).toBe(404);
    const renditions = await makeRenditions(bytes, { width: 320, hasAlpha: false });
    await storeRenditions(db, digest, renditions);
    for (const format of ["avif", "webp", "jpg"]) {
      const response = await app.inject(`/images/${digest}/320.${format}`);
      expect(response.statusCode).toBe(200);
      expect(response.headers["content-type"]).toBe(`image/${format === "jpg" ? "jpeg" : format}`);
    }
  });

  it.each([
    ["an unknown image", `/images/${"0".repeat(64)}/original.jpg`],
    ["the original under another format", "/images/DIGEST/original.png"],
    ["a width never made", "/images/DIGEST/1280.avif"],
    ["an address the site never makes", "/images/DIGEST/original.svg"],
    ["an encoded way out of the folder", "/images/DIGEST/..%2F..%2Fsite.db"],
  ])("answers 404 for %s, in the site's error shape, not kept", async (_name, path) => {
    const { app, digest } = await withHeldImage();
    const response = await app.inject(path.replace("DIGEST", digest));
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      error: { code: "NotFound", message: "The site holds no such image." },
    });
    expect(response.headers["cache-control"]).toBe("no-store");
  });

  it("answers 404 from the commit of the write that stopped showing it, in every instance", async () => {
    const site = await withHeldImage();
    await replaceContent(site.db, await articleShowing(site, true));
    await site.content.refresh();
    const path = `/images/${site.digest}/original.jpg`;
    // Served once, so this instance keeps it in memory.
    expect((await site.app.inject(path)).statusCode).toBe(200);
    await replaceContent(site.db, await articleShowing(site, false), { tags: ["article-x"] });
    await site.content.refresh();
    expect((await site.app.inject(path)).statusCode).toBe(404);
  });
});
