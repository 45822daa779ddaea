import type { FastifyPluginAsync } from "fastify";
import { imageFile, type ImageFile } from "../../db/repositories/image-repository.ts";
import { ALL, imageTag, tagHeaders } from "../../rules/cache-tags.ts";
import { IMAGE_TYPES, parseImagePath } from "../../rules/image-urls.ts";
import { LruCache } from "../../rules/lru.ts";
import { HttpError } from "../http-error.ts";
import { noneMatch } from "../http-cache/negotiate.ts";

// `GET /images/{digest}/{original|width}.{ext}`: the images the site holds, from the database,
// never from the server they came from. An address names the image's bytes (their SHA-256), so a
// reply never changes and is kept for a year; an image the content no longer refers to is dropped
// at that write's commit, and from then its addresses answer 404 (and are purged by its tag).

/** How long browsers and shared caches keep an image: a year, never revalidated. */
export const IMAGE_CACHE_CONTROL = "public, max-age=31536000, immutable";

/** Kept in memory per instance: the most recently served, each at most IMAGE_KEPT_MAX bytes. */
const KEPT_BYTES = 32 * 1024 * 1024;
const KEPT_MAX = 1024 * 1024;

const notFound = () =>
  new HttpError(404, "NotFound", "The site holds no such image.", { "cache-control": "no-store" });

/** The image route, over the app's database; a content change drops the images it names from memory. */
export const imageRoutes: FastifyPluginAsync = async (app) => {
  const kept = new LruCache<ImageFile & { digest: string }>(512, {
    maxBytes: KEPT_BYTES,
    sizeOf: (file) => file.bytes.length,
  });
  app.content.onChange((tags) => {
    if (tags.includes(ALL)) kept.clear();
    else kept.drop((file) => tags.includes(imageTag(file.digest)));
  });

  app.get("/images/*", { compress: false }, async (request, reply) => {
    const path = request.url.split("?")[0]!;
    const named = parseImagePath(path);
    if (named === null) throw notFound();
    const generation = kept.generation;
    let file = kept.get(path);
    if (file === undefined) {
      const found = await imageFile(app.db, named.digest, named.variant);
      if (found === null) throw notFound();
      file = { ...found, digest: named.digest };
      if (file.bytes.length <= KEPT_MAX) kept.set(path, file, generation);
    }
    const etag = `"${named.digest.slice(0, 32)}-${named.variant.width}-${file.format}"`;
    reply.headers({
      "content-type": IMAGE_TYPES[file.format],
      "cache-control": IMAGE_CACHE_CONTROL,
      etag,
      ...tagHeaders([imageTag(named.digest)]),
    });
    if (noneMatch(request.headers["if-none-match"], [etag])) return reply.code(304).send();
    return reply.send(file.bytes);
  });
};
