import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Page } from "@playwright/test";
import { generateContent } from "../../src/db/demo/generate.ts";
import { articlePath } from "../../src/rules/site-paths.ts";
import { startServer, type ServerProcess } from "../../tools/server-process.ts";
import {
  ACCESS_KEY,
  type SitefinityService,
  startSitefinityService,
  syncSettingsFor,
} from "../../tools/sitefinity-service.ts";
import { portraitJpeg } from "../../tools/test-images.ts";
import { axeViolations, expect, test } from "./fixtures.ts";
import { ownDatabase, type OwnDatabase } from "./imported-site.ts";
import { recordLayoutShifts } from "./layout-shift.ts";

// A site that syncs from the Sitefinity stand-in by itself (SYNC_EVERY), as in production: the
// sync's worker holds each article's picture, and the site makes the renditions in the
// background. Its pages never load an image from the service, never show a broken one, and keep
// each image's place before it arrives.

test.describe.configure({ mode: "serial" });

const firm = generateContent({ transactions: 20, articles: 6, seed: 44 });
const photographed = firm.articles[0]!;
const missing = firm.articles[1]!;
const picturePath = (urlName: string) =>
  `/images/default-source/news/${encodeURIComponent(urlName)}.png`;

let service: SitefinityService;
let site: ServerProcess;
let dir = "";
let database: OwnDatabase | undefined;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  service = await startSitefinityService(firm, { accessKey: ACCESS_KEY });
  // A photograph large enough that its renditions take a moment, and one the service lost.
  service.serveImage(picturePath(photographed.UrlName), {
    bytes: await portraitJpeg(1600, 2000),
    type: "image/jpeg",
  });
  service.serveImage(picturePath(missing.UrlName), { status: 404 });
  dir = mkdtempSync(join(tmpdir(), "site-images-e2e-"));
  const settings = join(dir, "sync.json");
  writeFileSync(settings, JSON.stringify(syncSettingsFor(service.base)));
  database = await ownDatabase(dir);
  site = await startServer({
    DATABASE_URL: database.url,
    SEED_DEMO: "true",
    SYNC_SETTINGS: settings,
    SYNC_EVERY: "1s",
    SITEFINITY_ACCESS_KEY: ACCESS_KEY,
    LOG_LEVEL: "warn",
  });
});
test.afterAll(async () => {
  await site?.stop();
  await service?.close();
  await database?.remove();
  rmSync(dir, { recursive: true, force: true });
});

/** Every address the page asks for, and every policy violation it reports. */
function watch(page: Page) {
  const requests: string[] = [];
  const violations: string[] = [];
  page.on("request", (request) => requests.push(request.url()));
  page.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  return { requests, violations };
}

/** The picture as it stands once loaded: where it came from, its size, and whether it is whole. */
async function loadedPicture(page: Page) {
  const img = page.getByRole("img", { name: photographed.Title });
  await img.scrollIntoViewIfNeeded();
  await expect
    .poll(() => img.evaluate((el: HTMLImageElement) => el.complete), { timeout: 15_000 })
    .toBe(true);
  return img.evaluate((el: HTMLImageElement) => ({
    naturalWidth: el.naturalWidth,
    currentSrc: el.currentSrc,
    isInPicture: el.parentElement?.tagName === "PICTURE",
    width: el.getAttribute("width"),
    height: el.getAttribute("height"),
  }));
}

test("a synced article's photograph shows from the site's copy: the original, then the renditions, never broken", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const { requests, violations } = watch(page);
  const url = `${site.url}${articlePath(photographed.UrlName)}`;
  await expect
    .poll(async () => (await page.goto(url))?.status(), { timeout: 60_000, intervals: [1000] })
    .toBe(200);
  const seen: Awaited<ReturnType<typeof loadedPicture>>[] = [];
  await expect
    .poll(
      async () => {
        await page.goto(url);
        const picture = await loadedPicture(page);
        seen.push(picture);
        return picture.isInPicture;
      },
      { timeout: 90_000, intervals: [500] },
    )
    .toBe(true);
  // Whichever the page showed, the original or the renditions, it was whole, from the site, sized.
  for (const picture of seen) {
    expect(picture.naturalWidth).toBeGreaterThan(0);
    expect(picture.currentSrc.startsWith(`${site.url}/images/`)).toBe(true);
    expect([picture.width, picture.height]).toEqual(["1600", "2000"]);
  }
  // Chromium reads AVIF: it takes the first source.
  expect((await loadedPicture(page)).currentSrc).toMatch(/\.avif$/);
  expect(requests.filter((r) => r.startsWith(service.origin))).toEqual([]);
  expect(violations).toEqual([]);
});

test("a photograph keeps its place before it arrives: no layout shift, no policy violation, axe clean", async ({
  page,
}) => {
  const { violations } = watch(page);
  const shifts = await recordLayoutShifts(page);
  // The site's images are held back until the page has settled, then let through.
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(`${site.url}/images/**`, async (route) => {
    await released;
    await route.continue();
  });
  await page.goto(`${site.url}${articlePath(photographed.UrlName)}`);
  await page.evaluate(() => document.fonts.ready);
  const img = page.getByRole("img", { name: photographed.Title });
  await img.scrollIntoViewIfNeeded();
  const before = await img.boundingBox();
  expect(before?.height).toBeGreaterThan(100);
  await shifts.restart();
  release();
  await loadedPicture(page);
  expect(await img.boundingBox()).toEqual(before);
  expect(await shifts.total()).toBe(0);
  expect(violations).toEqual([]);
  expect(await axeViolations(page)).toEqual([]);
});

test("an image the service lost is left out, its alt text kept, and never asked of the service", async ({
  page,
}) => {
  const { requests, violations } = watch(page);
  await page.goto(`${site.url}${articlePath(missing.UrlName)}`);
  const body = page.locator(".prose");
  await expect(body).toContainText(missing.Title);
  await expect(body.getByRole("img")).toHaveCount(0);
  expect(requests.filter((r) => r.startsWith(service.origin))).toEqual([]);
  expect(violations).toEqual([]);
});
