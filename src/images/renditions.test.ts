import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { portraitJpeg, transparentPng } from "../../tools/test-images.ts";
import { makeRenditions } from "./renditions.ts";

describe("makeRenditions", () => {
  it("makes AVIF, WebP and JPEG at each width up to the original's, each as it says", async () => {
    const jpeg = await portraitJpeg(700, 875);
    const renditions = await makeRenditions(jpeg, { width: 700, hasAlpha: false });
    expect(renditions.map((r) => `${r.width} ${r.format}`)).toEqual([
      "320 avif",
      "320 webp",
      "320 jpeg",
      "640 avif",
      "640 webp",
      "640 jpeg",
      "700 avif",
      "700 webp",
      "700 jpeg",
    ]);
    for (const r of renditions) {
      const meta = await sharp(r.bytes).metadata();
      expect(meta.format).toBe(r.format === "avif" ? "heif" : r.format);
      expect({ width: meta.width, height: meta.height }).toEqual({
        width: r.width,
        height: Math.round((r.width * 875) / 700),
      });
    }
  });

  it("turns a photograph taken sideways upright, and keeps no camera metadata", async () => {
    const sideways = await portraitJpeg(500, 400, { orientation: 6 });
    expect((await sharp(sideways).metadata()).orientation).toBe(6);
    const renditions = await makeRenditions(sideways, { width: 400, hasAlpha: false });
    expect(new Set(renditions.map((r) => r.width))).toEqual(new Set([320, 400]));
    for (const r of renditions) {
      const meta = await sharp(r.bytes).metadata();
      // Stored 500 wide and 400 high, displayed 400 wide and 500 high.
      expect({ width: meta.width, height: meta.height }).toEqual({
        width: r.width,
        height: (r.width * 5) / 4,
      });
      expect(meta.orientation).toBeUndefined();
      expect(meta.exif).toBeUndefined();
      expect(meta.space).toBe("srgb");
    }
  });

  it("makes its fallback a PNG when the image has alpha, and keeps the alpha", async () => {
    const png = await transparentPng(400, 200);
    const renditions = await makeRenditions(png, { width: 400, hasAlpha: true });
    expect(new Set(renditions.map((r) => r.format))).toEqual(new Set(["avif", "webp", "png"]));
    for (const r of renditions) expect((await sharp(r.bytes).metadata()).hasAlpha).toBe(true);
  });
});
