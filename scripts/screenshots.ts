import { mkdirSync } from "node:fs";
import { parseArgs } from "node:util";
import { chromium } from "playwright-core";
import { chromiumLaunchOptions } from "../tools/chromium.ts";

// Developer aid: full-page screenshots of pages at 375, 768 and 1280 px into screenshots/ (git-ignored).
// node scripts/screenshots.ts --base http://127.0.0.1:4321 / /transactions /topics
const { values, positionals } = parseArgs({
  options: {
    base: { type: "string", default: "http://127.0.0.1:4321" },
    widths: { type: "string", default: "375,768,1280" },
  },
  allowPositionals: true,
});
const browser = await chromium.launch(chromiumLaunchOptions());
mkdirSync("screenshots", { recursive: true });
for (const width of values.widths.split(",").map(Number)) {
  const page = await browser.newPage({ viewport: { width, height: 900 } });
  for (const path of positionals.length ? positionals : ["/"]) {
    await page.goto(`${values.base}${path}`, { waitUntil: "networkidle" });
    const name = path.replace(/[^a-z0-9]+/gi, "_").replace(/^_|_$/g, "") || "home";
    await page.screenshot({ path: `screenshots/${name}-${width}.png`, fullPage: true });
    console.log(`screenshots/${name}-${width}.png`);
  }
  await page.close();
}
await browser.close();
