import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { JSDOM } from "jsdom";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generateContent } from "../../src/db/demo/generate.ts";
import { pageTag } from "../../src/rules/cache-tags.ts";
import type { ServerProcess } from "../../tools/server-process.ts";
import { postHook } from "../../tools/sitefinity-hooks.ts";
import {
  ACCESS_KEY,
  CONTENT_BLOCKS_SET,
  contentBlockId,
  type SitefinityService,
  startSitefinityService,
} from "../../tools/sitefinity-service.ts";
import { startHookedSite } from "../helpers/hooked-site.ts";
import { until } from "../helpers/poll.ts";

// A plain page's body from a Sitefinity content block, as the built site shows it: the block's
// text on the page at once after the sync at the site's start, its picture served by the site,
// a changed block on the page at once after a ContentItem hook (a trigger the firm added), and a
// script in a block never reaching the page.

const firm = generateContent({ transactions: 40, articles: 10, seed: 5 });
const ABOUT = "/about";
const ABOUT_ID = contentBlockId(ABOUT);

let dir: string;
let service: SitefinityService;
let site: ServerProcess;

const main = async (path: string) => {
  const response = await fetch(`${site.url}${path}`);
  expect(response.status).toBe(200);
  const document = new JSDOM(await response.text()).window.document;
  return { main: document.querySelector("main")!, keys: response.headers.get("surrogate-key") };
};

const hook = (id: string) =>
  postHook(site.url, {
    Item: { Id: id },
    OriginalEvent: {
      ItemType: "Telerik.Sitefinity.GenericContent.Model.ContentItem",
      OriginalContentId: id,
      Action: "Updated",
    },
  });

describe(
  "a page's body from a Sitefinity content block, on the built site",
  { timeout: 120_000 },
  () => {
    beforeAll(async () => {
      dir = mkdtempSync(join(tmpdir(), "site-blocks-"));
      service = await startSitefinityService(firm, {
        accessKey: ACCESS_KEY,
        hasContentBlocks: true,
      });
      service.edit(CONTENT_BLOCKS_SET, ABOUT_ID, {
        Title: "About the firm",
        Content: `<p>Founded by bankers, for founders.</p><p><img src="/images/default-source/blocks/about.png?sfvrsn=1" alt="The partners" /></p>`,
      });
      ({ site } = await startHookedSite(dir, service, {
        settings: { contentBlocks: { [ABOUT]: "About the firm" } },
        env: { CONTENT_POLL_MS: "100" },
      }));
      await until(
        "the first sync wrote the block",
        async () => (await main(ABOUT)).main.textContent!.includes("Founded by bankers"),
        60_000,
      );
    }, 150_000);
    afterAll(async () => {
      await site?.stop();
      await service?.close();
      rmSync(dir, { recursive: true, force: true });
    });

    it("shows the block's text and its picture, held by the site, tagged as that page", async () => {
      const { main: body, keys } = await main(ABOUT);
      const img = body.querySelector<HTMLImageElement>('img[alt="The partners"]')!;
      expect(img.getAttribute("src")).toMatch(/^\/images\//);
      expect((await fetch(`${site.url}${img.getAttribute("src")}`)).status).toBe(200);
      expect(keys!.split(" ")).toContain(pageTag(ABOUT));
    });

    it("shows a changed block at once after a ContentItem hook, and never a block's script", async () => {
      service.edit(CONTENT_BLOCKS_SET, ABOUT_ID, {
        Content: `<p>Now in Denver too.</p><script>document.title = "taken"</script>`,
      });
      expect((await hook(ABOUT_ID)).status).toBe(202);
      await until(
        "the page shows the changed block",
        async () => (await main(ABOUT)).main.textContent!.includes("Now in Denver too."),
        10_000,
      );
      const { main: body } = await main(ABOUT);
      expect(body.textContent).not.toContain("Founded by bankers");
      expect(body.querySelectorAll("script")).toHaveLength(0);
      expect(body.innerHTML).not.toContain("taken");
    });
  },
);
