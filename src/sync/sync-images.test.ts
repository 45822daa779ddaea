import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { tempDatabase } from "../../tests/helpers/temp-db.ts";
import {
  decompressionBomb,
  NOT_AN_IMAGE,
  portraitJpeg,
  SCRIPTED_SVG,
} from "../../tools/test-images.ts";
import {
  ACCESS_KEY,
  DEALS_SET,
  NEWS_SET,
  type SitefinityService,
  startSitefinityService,
  syncSettingsFor,
} from "../../tools/sitefinity-service.ts";
import { parseContentFile, type ContentFile } from "../content/content-file.ts";
import { generateContent } from "../db/demo/generate.ts";
import { readContent } from "../db/repositories/content-repository.ts";
import { imageFile, imageRepository } from "../db/repositories/image-repository.ts";
import { imageDigest } from "../images/inspect.ts";
import { imageTag, UNHELD_IMAGES } from "../rules/cache-tags.ts";
import { formatReport } from "./report.ts";
import { runSync } from "./run-sync.ts";
import { parseSyncSettings, type SyncSettings } from "./settings.ts";
import { syncItems } from "./sync-items.ts";

// The images of synced content, against the Sitefinity stand-in: held before the write, a bad
// one named and left out while its article lands, a replaced one held anew and the old one
// dropped with its tag, by the full sync and by a hook's.

const firm = parsed(generateContent({ transactions: 12, articles: 8, seed: 33 }));

function parsed(content: ContentFile): ContentFile {
  const result = parseContentFile(JSON.parse(JSON.stringify(content)));
  if (!result.ok) throw new Error(result.problems.join("\n"));
  return result.content;
}

/** The path of an article's picture on the service (tools/sitefinity-content.ts: newsFigure). */
const picturePath = (i: number) =>
  `/images/default-source/news/${encodeURIComponent(firm.articles[i]!.UrlName)}.png`;
const pictureUrl = (i: number, version = 2) =>
  `${service.origin}${picturePath(i)}?sfvrsn=${version}`;

let service: SitefinityService;
let site: Awaited<ReturnType<typeof tempDatabase>>;
let settings: SyncSettings;
const quick = { timeoutMs: 10_000, retries: 1, backoffMs: 10 };

beforeEach(async () => {
  service = await startSitefinityService(firm, { accessKey: ACCESS_KEY });
  const read = parseSyncSettings(syncSettingsFor(service.base));
  if (!read.ok) throw new Error(read.problems.join("\n"));
  settings = read.settings;
  site = await tempDatabase(generateContent({ transactions: 10, articles: 4 }));
});
afterEach(async () => {
  await service.close();
  await site.cleanup();
});

const sync = () => runSync(site.db, { settings, accessKey: ACCESS_KEY, client: quick });
const held = async (...addresses: string[]) => imageRepository(site.db).held(addresses);

describe("a bad image never breaks a sync", () => {
  it("each is named with its reason, left out, and its article lands", async () => {
    service.serveImage(picturePath(0), { status: 404 });
    service.serveImage(picturePath(1), { bytes: SCRIPTED_SVG, type: "image/svg+xml" });
    service.serveImage(picturePath(2), { bytes: NOT_AN_IMAGE, type: "image/png" });
    service.serveImage(picturePath(3), { streamedBytes: 25 * 1024 * 1024 });
    service.serveImage(picturePath(4), { bytes: decompressionBomb(), type: "image/png" });
    const report = await sync();
    expect(report.outcome).toBe("written");
    const reasons = [
      "it answered 404 Not Found",
      "it is an SVG, which can carry scripts: the site takes none",
      "it is not an image in JPEG, PNG, WebP, AVIF or GIF",
      "it is larger than 20 MB",
      "it has 400.0 megapixels, more than the 50 the site takes",
    ];
    expect(report.images?.refused).toEqual(
      reasons.map((reason, i) => ({ address: pictureUrl(i), reason })),
    );
    expect(report.images?.held).toBe(firm.articles.length - reasons.length);
    expect(formatReport(report)).toContain(`image ${pictureUrl(0)} was not held: ${reasons[0]}`);
    const content = await readContent(site.db);
    expect(content.articles.map((a) => a.Id)).toEqual(firm.articles.map((a) => a.Id));
    const found = await held(...firm.articles.map((_a, i) => pictureUrl(i)));
    expect([...found.keys()].sort()).toEqual(
      firm.articles
        .slice(5)
        .map((_a, i) => pictureUrl(i + 5))
        .sort(),
    );
  });
});

describe("a replaced image (a new sfvrsn)", () => {
  it("is held under its new address, and the old one is dropped with its tag in the write's", async () => {
    const [before, after] = await Promise.all([
      portraitJpeg(300, 360),
      portraitJpeg(300, 360, { hue: 30 }),
    ]);
    service.serveImage(picturePath(5), { bytes: before, type: "image/jpeg" });
    await sync();
    expect((await held(pictureUrl(5))).get(pictureUrl(5))?.digest).toBe(imageDigest(before));

    service.serveImage(picturePath(5), { bytes: after, type: "image/jpeg" });
    const item = service.items(NEWS_SET).find((row) => row.Id === firm.articles[5]!.Id)!;
    service.edit(NEWS_SET, String(item.Id), {
      Content: String(item.Content).replace("?sfvrsn=2", "?sfvrsn=3"),
    });
    const report = await sync();
    expect(report.outcome).toBe("written");
    const found = await held(pictureUrl(5, 2), pictureUrl(5, 3));
    expect(found.has(pictureUrl(5, 2))).toBe(false);
    expect(found.get(pictureUrl(5, 3))?.digest).toBe(imageDigest(after));
    expect(report.tags).toEqual(
      expect.arrayContaining([imageTag(imageDigest(before)), UNHELD_IMAGES]),
    );
    expect(
      await imageFile(site.db, imageDigest(before), { width: "original", format: "jpeg" }),
    ).toBeNull();
  });

  it("through a hook: the item is fetched, the new image held, the old one dropped", async () => {
    const [before, after] = await Promise.all([
      portraitJpeg(300, 360),
      portraitJpeg(300, 360, { hue: 90 }),
    ]);
    service.serveImage(picturePath(6), { bytes: before, type: "image/jpeg" });
    await sync();
    service.serveImage(picturePath(6), { bytes: after, type: "image/jpeg" });
    const item = service.items(NEWS_SET).find((row) => row.Id === firm.articles[6]!.Id)!;
    service.edit(NEWS_SET, String(item.Id), {
      Content: String(item.Content).replace("?sfvrsn=2", "?sfvrsn=7"),
    });
    const report = await syncItems(site.db, {
      settings,
      accessKey: ACCESS_KEY,
      client: quick,
      notices: [
        { itemType: "Telerik.Sitefinity.News.Model.NewsItem", id: String(item.Id).toLowerCase() },
      ],
    });
    expect(report.outcome).toBe("written");
    expect(report.images).toEqual({ held: 1, refused: [] });
    expect(report.tags).toEqual(expect.arrayContaining([imageTag(imageDigest(before))]));
    const found = await held(pictureUrl(6, 2), pictureUrl(6, 7));
    expect([...found.keys()]).toEqual([pictureUrl(6, 7)]);
  });

  it("through two hooks: a picture the first one added, the second one that takes it out drops", async () => {
    const item = service.items(NEWS_SET).find((row) => row.Id === firm.articles[7]!.Id)!;
    const extra = "/images/default-source/news/added-later.jpg";
    const bytes = await portraitJpeg(300, 360, { hue: 135 });
    service.serveImage(extra, { bytes, type: "image/jpeg" });
    const hook = async (content: string) => {
      service.edit(NEWS_SET, String(item.Id), { Content: content });
      return syncItems(site.db, {
        settings,
        accessKey: ACCESS_KEY,
        client: quick,
        notices: [
          { itemType: "Telerik.Sitefinity.News.Model.NewsItem", id: String(item.Id).toLowerCase() },
        ],
      });
    };
    await sync();
    const address = `${service.origin}${extra}?sfvrsn=1`;
    await hook(`${String(item.Content)}<p><img src="${address}" alt="A second picture"></p>`);
    expect((await held(address)).has(address)).toBe(true);
    const report = await hook(String(item.Content));
    expect(report.tags).toEqual(expect.arrayContaining([imageTag(imageDigest(bytes))]));
    expect((await held(address)).has(address)).toBe(false);
  });

  it("through a hook about another item, keeps every image the rest of the content shows", async () => {
    service.serveImage(picturePath(2), {
      bytes: await portraitJpeg(300, 360),
      type: "image/jpeg",
    });
    await sync();
    expect([...(await held(pictureUrl(2))).keys()]).toEqual([pictureUrl(2)]);
    const deal = firm.transactions[3]!;
    service.edit(DEALS_SET, deal.Id, { Company: "Renamed Beside A Picture" });
    const report = await syncItems(site.db, {
      settings,
      accessKey: ACCESS_KEY,
      client: quick,
      notices: [
        {
          itemType: "Telerik.Sitefinity.DynamicTypes.Model.PastTransactions.PastTransaction",
          id: deal.Id.toLowerCase(),
        },
      ],
    });
    expect(report.outcome).toBe("written");
    // The article's picture is not the deal's: it stays held, and its pages are not purged.
    expect([...(await held(pictureUrl(2))).keys()]).toEqual([pictureUrl(2)]);
    expect((report.tags ?? []).filter((tag) => tag.startsWith("image-"))).toEqual([]);
  });
});
