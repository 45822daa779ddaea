import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { propertyRuns } from "../../tests/helpers/property-runs.ts";
import {
  IMAGE_WIDTHS,
  imagePath,
  parseImagePath,
  pictureParts,
  renditionWidths,
  type HeldImage,
  type ImageVariant,
} from "./image-urls.ts";

const DIGEST = "0123456789abcdef".repeat(4);

describe("renditionWidths", () => {
  it("are the standard widths below the original, and the original's own, never above it", () => {
    expect(renditionWidths(800)).toEqual([320, 640, 800]);
    expect(renditionWidths(640)).toEqual([320, 640]);
    expect(renditionWidths(200)).toEqual([200]);
    expect(renditionWidths(5000)).toEqual(IMAGE_WIDTHS);
  });

  it("never exceed the original, and always give at least one width", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 20_000 }), (width) => {
        const widths = renditionWidths(width);
        expect(widths.length).toBeGreaterThan(0);
        expect(Math.max(...widths)).toBeLessThanOrEqual(width);
        expect([...widths].sort((a, b) => a - b)).toEqual(widths);
      }),
      { numRuns: propertyRuns(200) },
    );
  });
});

describe("image paths", () => {
  it("name the digest, the width and the format, and read back as they were written", () => {
    const variant = fc.oneof(
      fc.record({
        width: fc.constant("original" as const),
        format: fc.constantFrom("jpeg", "png", "webp", "avif", "gif" as const),
      }),
      fc.record({
        width: fc.integer({ min: 1, max: 99_999 }),
        format: fc.constantFrom("jpeg", "png", "webp", "avif" as const),
      }),
    ) as fc.Arbitrary<ImageVariant>;
    fc.assert(
      fc.property(fc.stringMatching(/^[0-9a-f]{64}$/), variant, (digest, v) => {
        expect(parseImagePath(imagePath(digest, v))).toEqual({ digest, variant: v });
      }),
      { numRuns: propertyRuns(200) },
    );
    expect(imagePath(DIGEST, { width: 640, format: "jpeg" })).toBe(`/images/${DIGEST}/640.jpg`);
  });

  it.each([
    `/images/${DIGEST}/640.gif`,
    `/images/${DIGEST.toUpperCase()}/640.jpg`,
    `/images/${DIGEST}/0640.jpg`,
    `/images/${DIGEST}/640.svg`,
    `/images/${DIGEST}/../640.jpg`,
    `/images/${DIGEST.slice(1)}/640.jpg`,
    `/images/${DIGEST}/original.jpeg`,
  ])("read %s as no image the site makes", (path) => {
    expect(parseImagePath(path)).toBeNull();
  });
});

describe("pictureParts", () => {
  const image: HeldImage = {
    digest: DIGEST,
    format: "png",
    width: 1000,
    height: 500,
    widths: [],
    fallback: "png",
  };

  it("show the original alone, at its size, until the renditions exist", () => {
    expect(pictureParts(image)).toEqual({
      sources: [],
      img: { src: `/images/${DIGEST}/original.png`, width: 1000, height: 500 },
    });
  });

  it("offer AVIF, then WebP, then the fallback, each at every width", () => {
    const parts = pictureParts({ ...image, widths: [320, 640, 960, 1000] });
    expect(parts.sources.map((s) => s.type)).toEqual(["image/avif", "image/webp"]);
    expect(parts.sources[0]!.srcset).toBe(
      [320, 640, 960, 1000].map((w) => `/images/${DIGEST}/${w}.avif ${w}w`).join(", "),
    );
    expect(parts.img.src).toBe(`/images/${DIGEST}/960.png`);
    expect(parts.img.srcset).toContain(`/images/${DIGEST}/1000.png 1000w`);
    expect(parts.img).toMatchObject({ width: 1000, height: 500 });
  });
});
