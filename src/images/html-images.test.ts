import { JSDOM } from "jsdom";
import { describe, expect, it } from "vitest";
import type { HeldImage } from "../rules/image-urls.ts";
import { imageSources, rewriteImages } from "./html-images.ts";

const CMS = "https://cms.firm.example/images/default-source";
const D1 = "a".repeat(64);
const D2 = "b".repeat(64);
const SIZES = { sizes: "(min-width: 48rem) 40rem, 100vw" };

const rendered: HeldImage = {
  digest: D1,
  format: "jpeg",
  width: 1200,
  height: 800,
  widths: [320, 640, 960, 1200],
  fallback: "jpeg",
};
const original: HeldImage = { ...rendered, digest: D2, format: "png", widths: [], fallback: "png" };

/** The rewritten HTML as a browser's parser reads it (jsdom's, not the one that wrote it). */
const parse = (html: string) => new JSDOM(`<body>${html}</body>`).window.document.body;

describe("imageSources", () => {
  it("finds every image address once, in order, as the browser reads it, leaving this site's own out", () => {
    const html =
      `<p><img src="${CMS}/a.jpg?sfvrsn=2&amp;x=1" alt="A"> and <IMG SRC='${CMS}/b.png'></p>` +
      `<img src="/images/local.png"><img src="${CMS}/a.jpg?sfvrsn=2&amp;x=1"><img alt="no source">`;
    expect(imageSources(html)).toEqual([`${CMS}/a.jpg?sfvrsn=2&x=1`, `${CMS}/b.png`]);
    expect(imageSources("<p>No pictures</p>")).toEqual([]);
  });
});

describe("rewriteImages", () => {
  it("points a held image at its renditions: AVIF and WebP sources, the fallback img sized, alt kept", () => {
    const html = `<p>Before <img src="${CMS}/a.jpg?sfvrsn=2" alt="The team &amp; &quot;friends&quot;"> after</p>`;
    const body = parse(rewriteImages(html, new Map([[`${CMS}/a.jpg?sfvrsn=2`, rendered]]), SIZES));
    const picture = body.querySelector("p > picture")!;
    const sources = [...picture.querySelectorAll("source")];
    expect(sources.map((s) => s.type)).toEqual(["image/avif", "image/webp"]);
    expect(sources[0]!.getAttribute("srcset")).toContain(`/images/${D1}/640.avif 640w`);
    expect(sources[0]!.getAttribute("sizes")).toBe(SIZES.sizes);
    const img = picture.querySelector("img")!;
    expect(img.getAttribute("src")).toBe(`/images/${D1}/960.jpg`);
    expect(img.getAttribute("srcset")).toContain(`/images/${D1}/1200.jpg 1200w`);
    expect([img.getAttribute("width"), img.getAttribute("height")]).toEqual(["1200", "800"]);
    expect(img.alt).toBe('The team & "friends"');
    expect(img.getAttribute("loading")).toBe("lazy");
    expect(body.textContent).toBe("Before  after");
    expect(body.innerHTML).not.toContain("cms.firm.example");
  });

  it("keeps an editor's width, with the height from the image's proportions", () => {
    const html = `<img src="${CMS}/a.jpg" width="300" alt="">`;
    const img = parse(
      rewriteImages(html, new Map([[`${CMS}/a.jpg`, rendered]]), SIZES),
    ).querySelector("img")!;
    expect([img.getAttribute("width"), img.getAttribute("height")]).toEqual(["300", "200"]);
    expect(img.getAttribute("sizes")).toBe("(max-width: 300px) 100vw, 300px");
  });

  it("shows the held original, sized, until the renditions exist", () => {
    const html = `<img src="${CMS}/b.png" alt="Chart">`;
    const body = parse(
      `<p>${rewriteImages(html, new Map([[`${CMS}/b.png`, original]]), SIZES)}</p>`,
    );
    expect(body.querySelector("picture")).toBeNull();
    const img = body.querySelector("img")!;
    expect(img.getAttribute("src")).toBe(`/images/${D2}/original.png`);
    expect(img.hasAttribute("srcset")).toBe(false);
    expect([img.width, img.height]).toEqual([1200, 800]);
  });

  it("leaves out an image the site does not hold, keeping its alt text as text, never its address", () => {
    const html = `<p>See <img src="${CMS}/gone.jpg" alt="<b>Our office</b>"><img src="${CMS}/x.jpg"> here</p>`;
    const out = rewriteImages(html, new Map(), SIZES);
    expect(out).not.toContain("cms.firm.example");
    const body = parse(out);
    expect(body.querySelector("img")).toBeNull();
    expect(body.querySelector("b")).toBeNull();
    expect(body.textContent).toBe("See <b>Our office</b> here");
  });

  it("leaves this site's own images, and HTML without images, as they were", () => {
    const html = `<p>A &amp; B <img src="/images/local.png" alt="local"></p>`;
    expect(
      parse(rewriteImages(html, new Map(), SIZES))
        .querySelector("img")!
        .getAttribute("src"),
    ).toBe("/images/local.png");
    const plain = "<p>A &amp; B</p>";
    expect(rewriteImages(plain, new Map(), SIZES)).toBe(plain);
  });
});
