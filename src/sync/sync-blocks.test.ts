import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { serializeContent } from "../../scripts/content-file-io.ts";
import { tempDatabase } from "../../tests/helpers/temp-db.ts";
import {
  ACCESS_KEY,
  CONTENT_BLOCKS_SET,
  contentBlockId,
  type SitefinityService,
  parsedContent,
  standInSettings,
  startSitefinityService,
} from "../../tools/sitefinity-service.ts";
import { parseContentFile } from "../content/content-file.ts";
import { generateContent } from "../db/demo/generate.ts";
import {
  contentRevision,
  readContent,
  replaceContent,
} from "../db/repositories/content-repository.ts";
import { imageRepository } from "../db/repositories/image-repository.ts";
import { pageTag, SEARCH } from "../rules/cache-tags.ts";
import { formatReport } from "./report.ts";
import { runSync } from "./run-sync.ts";
import { syncItems } from "./sync-items.ts";

// Plain pages' bodies from Sitefinity's shared content blocks, against the stand-in service: a
// block named by Title or by Id becomes its page's body (sanitised, its picture held), a changed
// block changes that page alone, a block that is not there stops the sync with nothing changed,
// a service without content blocks is skipped, and a ContentItem hook brings a change at once.

const content = parsedContent(generateContent({ transactions: 30, articles: 8 }));
const ABOUT = "/about";
const about = content.site.pages.find((p) => p.path === ABOUT)!;
const CAREERS = "/about/careers";
const ABOUT_ID = contentBlockId(ABOUT);
const CONTENT_ITEM = "Telerik.Sitefinity.GenericContent.Model.ContentItem";

let service: SitefinityService;
let site: Awaited<ReturnType<typeof tempDatabase>>;
const quick = { timeoutMs: 10_000, retries: 1, backoffMs: 10 };
const settings = (contentBlocks?: Record<string, string>) =>
  standInSettings(service.base, contentBlocks ? { contentBlocks } : {});
const sync = (contentBlocks?: Record<string, string>) =>
  runSync(site.db, { settings: settings(contentBlocks), accessKey: ACCESS_KEY, client: quick });
const pageAt = async (path: string) =>
  (await readContent(site.db)).site.pages.find((p) => p.path === path)!;
const block = (path: string) =>
  service.items(CONTENT_BLOCKS_SET).find((row) => row.Id === contentBlockId(path))!;

beforeEach(async () => {
  service = await startSitefinityService(content, {
    accessKey: ACCESS_KEY,
    hasContentBlocks: true,
  });
  site = await tempDatabase(content);
});
afterEach(async () => {
  await service.close();
  await site.cleanup();
});

describe("plain pages' bodies from content blocks", () => {
  it("take a block named by Title as the page's body, its picture held by the site", async () => {
    service.edit(CONTENT_BLOCKS_SET, ABOUT_ID, { Title: "About the firm's 'approach'" });
    const report = await sync({ [ABOUT]: "About the firm's 'approach'" });
    expect(report.outcome).toBe("written");
    const page = await pageAt(ABOUT);
    const picture = `${service.origin}/images/default-source/blocks${ABOUT}.png?sfvrsn=1`;
    expect(page.content.startsWith(about.content)).toBe(true);
    expect(page.content).toContain(`src="${picture}"`);
    expect(page.contentBlock).toEqual({
      Id: ABOUT_ID,
      Title: "About the firm's 'approach'",
      LastModified: expect.any(String),
    });
    expect([...(await imageRepository(site.db).held([picture])).keys()]).toEqual([picture]);
    // The title went as an OData string literal, its quotes doubled.
    expect(
      service.requests.some((r) => r.includes("Title eq 'About the firm''s ''approach'''")),
    ).toBe(true);
    expect(await pageAt(CAREERS)).toEqual(content.site.pages.find((p) => p.path === CAREERS));
  });

  it("take a block named by Id, and a changed block changes only its page and the search", async () => {
    await sync({ [ABOUT]: ABOUT_ID.toUpperCase(), [CAREERS]: "Careers" });
    expect(service.requests.some((r) => r.includes(`/${CONTENT_BLOCKS_SET}(${ABOUT_ID})`))).toBe(
      true,
    );
    expect((await sync({ [ABOUT]: ABOUT_ID, [CAREERS]: "Careers" })).outcome).toBe("unchanged");
    service.edit(CONTENT_BLOCKS_SET, ABOUT_ID, { Content: "<p>We advise founders.</p>" });
    const report = await sync({ [ABOUT]: ABOUT_ID, [CAREERS]: "Careers" });
    expect(report.outcome).toBe("written");
    expect(report.tags).toEqual([pageTag(ABOUT), SEARCH]);
    expect((await pageAt(ABOUT)).content).toBe("<p>We advise founders.</p>");
    expect((await pageAt(CAREERS)).content).toContain(`blocks${CAREERS}.png`);
  });

  it("strip a block's script, as an article's", async () => {
    service.edit(CONTENT_BLOCKS_SET, ABOUT_ID, {
      Content: `<p onclick="steal()">Who we are</p><script>steal()</script>`,
    });
    await sync({ [ABOUT]: ABOUT_ID });
    expect((await pageAt(ABOUT)).content).toBe("<p>Who we are</p>");
  });

  it("stop the sync on a block that is not there, naming the setting, with nothing changed", async () => {
    const before = await contentRevision(site.db);
    await expect(sync({ [ABOUT]: "About the frim" })).rejects.toThrow(
      `contentBlocks["/about"]: the web service has no published content block titled "About the frim"; nothing was changed`,
    );
    service.remove(CONTENT_BLOCKS_SET, ABOUT_ID);
    await expect(sync({ [ABOUT]: ABOUT_ID })).rejects.toThrow(
      `contentBlocks["/about"]: the web service has no published content block with the Id ${ABOUT_ID}`,
    );
    await expect(sync({ "/about/history": "Careers" })).rejects.toThrow(
      `contentBlocks["/about/history"]: this site has no page at /about/history`,
    );
    expect(await contentRevision(site.db)).toBe(before);
    expect(await pageAt(ABOUT)).toEqual(about);
  });

  it("are skipped with a line when the service has no content blocks, the pages as they were", async () => {
    await service.close();
    service = await startSitefinityService(content, { accessKey: ACCESS_KEY });
    const report = await sync({ [ABOUT]: ABOUT_ID });
    expect(formatReport(report)).toContain(
      "contentitems: the web service has no such set; this site keeps what it holds",
    );
    expect(await pageAt(ABOUT)).toEqual(about);
  });

  it("change at once through a ContentItem hook", async () => {
    const blocks = { [ABOUT]: "About", [CAREERS]: contentBlockId(CAREERS) };
    await sync(blocks);
    service.edit(CONTENT_BLOCKS_SET, ABOUT_ID, { Content: "<p>Now in Denver too.</p>" });
    const asked = service.requests.length;
    const report = await syncItems(site.db, {
      settings: settings(blocks),
      accessKey: ACCESS_KEY,
      client: quick,
      notices: [
        {
          itemType: CONTENT_ITEM,
          id: ABOUT_ID,
          lastModified: String(block(ABOUT).LastModified),
        },
      ],
    });
    expect(report.outcome).toBe("written");
    expect(report.tags).toEqual([pageTag(ABOUT), SEARCH]);
    expect((await pageAt(ABOUT)).content).toBe("<p>Now in Denver too.</p>");
    // Only the hook's block was asked for.
    const since = service.requests.slice(asked);
    expect(since.every((r) => !r.includes(contentBlockId(CAREERS)))).toBe(true);
  });

  it("round-trip through the content file, byte for byte", async () => {
    await sync({ [ABOUT]: ABOUT_ID });
    const exported = serializeContent(await readContent(site.db));
    expect(exported).toContain(`"contentBlock": {\n          "Id": "${ABOUT_ID}"`);
    const parsed = parseContentFile(JSON.parse(exported));
    if (!parsed.ok) throw new Error(parsed.problems.join("\n"));
    const again = await tempDatabase(null);
    try {
      await replaceContent(again.db, parsed.content);
      expect(serializeContent(await readContent(again.db))).toBe(exported);
    } finally {
      await again.cleanup();
    }
  });
});
