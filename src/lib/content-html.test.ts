import { describe, expect, it } from "vitest";
import { sanitizeContentHtml } from "../content/sanitize.ts";
import type { HeldImage } from "../rules/image-urls.ts";
import { showableHtml } from "./content-html.ts";
import { withFeedImages } from "./feed-response.ts";

const CMS = "https://cms.firm.example/images/a.jpg?sfvrsn=1";
const DIGEST = "c".repeat(64);
const IMAGE: HeldImage = {
  digest: DIGEST,
  format: "jpeg",
  width: 800,
  height: 600,
  widths: [320, 640, 800],
  fallback: "jpeg",
};

/** Held images by address, counting the lookups a page makes. */
function lookup(held: Record<string, HeldImage>) {
  const asked: string[][] = [];
  return {
    asked,
    held: async (addresses: readonly string[]) => {
      asked.push([...addresses]);
      return new Map(addresses.flatMap((a) => (held[a] ? [[a, held[a]] as const] : [])));
    },
  };
}

describe("showableHtml", () => {
  it("sanitises each field again and points its images at the held copies, in one lookup", async () => {
    const images = lookup({ [CMS]: IMAGE });
    const [first, second, third] = await showableHtml(
      [
        `<p><img src="${CMS}" alt="Ada"></p><script>alert(1)</script>`,
        "<p>No image</p>",
        `<img src="${CMS}">`,
      ],
      images,
    );
    expect(first).not.toContain("<script");
    expect(first).toContain(`<source type="image/avif" srcset="/images/${DIGEST}/320.avif 320w`);
    expect(second).toBe("<p>No image</p>");
    expect(third).toContain(`<img src="/images/${DIGEST}/800.jpg"`);
    expect(images.asked).toEqual([[CMS]]);
  });

  it("asks for nothing when no field shows an image", async () => {
    const images = lookup({});
    expect(await showableHtml(["<p>Text</p>"], images)).toEqual(["<p>Text</p>"]);
    expect(images.asked).toEqual([]);
  });
});

describe("withFeedImages", () => {
  it("gives feed readers a plain img of the held copy, which the feed's sanitiser keeps", async () => {
    const [article, deal] = await withFeedImages(
      [
        { Id: "1", Summary: `<p><img src="${CMS}" alt="Ada"></p>` },
        { Id: "2", Summary: `<p><img src="https://cms.firm.example/gone.jpg" alt="Gone"></p>` },
      ],
      "Summary",
      lookup({ [CMS]: IMAGE }),
    );
    const kept = sanitizeContentHtml(article!.Summary);
    expect(kept).toContain(`src="/images/${DIGEST}/800.jpg" width="800" height="600"`);
    expect(kept).toContain('alt="Ada"');
    expect(kept).not.toMatch(/cms\.firm\.example|srcset|<picture/);
    expect(deal!.Summary).toBe("<p>Gone</p>");
  });

  it("leaves a missing field as it was", async () => {
    const deals = [{ Id: "1", DescriptionHtml: null }];
    expect(await withFeedImages(deals, "DescriptionHtml", lookup({}))).toEqual(deals);
  });
});
