import { createHash } from "node:crypto";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import {
  decompressionBomb,
  NOT_AN_IMAGE,
  portraitJpeg,
  SCRIPTED_SVG,
  transparentPng,
} from "../../tools/test-images.ts";
import { inspectImage } from "./inspect.ts";
import { sniffFormat } from "./sniff.ts";

const base = () => sharp({ create: { width: 8, height: 6, channels: 3, background: "#1f4e79" } });

describe("sniffFormat", () => {
  it.each([
    ["jpeg", () => base().jpeg().toBuffer()],
    ["png", () => base().png().toBuffer()],
    ["webp", () => base().webp().toBuffer()],
    ["avif", () => base().avif().toBuffer()],
    ["gif", () => base().gif().toBuffer()],
  ] as const)("knows a %s by its first bytes", async (format, make) => {
    expect(sniffFormat(await make())).toBe(format);
  });

  it("names an SVG, with or without an XML declaration, and takes nothing else", () => {
    expect(sniffFormat(SCRIPTED_SVG)).toBe("svg");
    expect(sniffFormat(Buffer.from('\uFEFF  <svg xmlns="http://www.w3.org/2000/svg"/>'))).toBe(
      "svg",
    );
    expect(sniffFormat(NOT_AN_IMAGE)).toBeNull();
    expect(sniffFormat(Buffer.alloc(0))).toBeNull();
    expect(sniffFormat(Buffer.from("GIF8"))).toBeNull();
  });
});

describe("inspectImage", () => {
  it("takes a photograph, named by the SHA-256 of its bytes, with its size", async () => {
    const jpeg = await portraitJpeg(300, 400);
    expect(await inspectImage(jpeg)).toEqual({
      ok: true,
      facts: {
        digest: createHash("sha256").update(jpeg).digest("hex"),
        format: "jpeg",
        width: 300,
        height: 400,
        hasAlpha: false,
      },
    });
  });

  it("gives the size as displayed: a photograph taken sideways (EXIF orientation 6) is tall", async () => {
    const sideways = await portraitJpeg(400, 300, { orientation: 6 });
    expect(await inspectImage(sideways)).toMatchObject({
      ok: true,
      facts: { width: 300, height: 400 },
    });
  });

  it("notes an alpha channel", async () => {
    expect(await inspectImage(await transparentPng(20, 10))).toMatchObject({
      facts: { format: "png", hasAlpha: true },
    });
  });

  it.each([
    ["an SVG", SCRIPTED_SVG, /it is an SVG/],
    ["a page", NOT_AN_IMAGE, /it is not an image in JPEG, PNG, WebP, AVIF or GIF/],
    ["a 400-megapixel bomb", decompressionBomb(), /it has 400\.0 megapixels, more than the 50/],
    ["a 60-megapixel bomb", decompressionBomb(8000, 7500), /it has 60\.0 megapixels/],
    [
      "a PNG signature over junk",
      Buffer.concat([Buffer.from("\x89PNG\r\n\x1a\n", "latin1"), Buffer.alloc(64, 7)]),
      /it starts as a PNG but cannot be read as one/,
    ],
  ])("refuses %s, saying why", async (_name, bytes, reason) => {
    const inspected = await inspectImage(bytes);
    expect(inspected.ok).toBe(false);
    expect(inspected.ok ? "" : inspected.reason).toMatch(reason);
  });

  it("refuses a photograph cut short, which a page would show half grey", async () => {
    const jpeg = await portraitJpeg(300, 400);
    expect(await inspectImage(jpeg.subarray(0, jpeg.length / 2))).toEqual({
      ok: false,
      reason: "it is a broken JPEG",
    });
  });
});
