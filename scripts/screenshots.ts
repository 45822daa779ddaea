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
    /** Text enlarged, as a visitor's browser setting does: `2` is 200%. */
    "text-scale": { type: "string", default: "1" },
    "forced-colors": { type: "boolean", default: false },
    /** Only what the first screen shows, instead of the whole page. */
    fold: { type: "boolean", default: false },
  },
  allowPositionals: true,
});
const browser = await chromium.launch(chromiumLaunchOptions());
mkdirSync("screenshots", { recursive: true });
for (const width of values.widths.split(",").map(Number)) {
  const page = await browser.newPage({
    viewport: { width, height: 900 },
    forcedColors: values["forced-colors"] ? "active" : "none",
  });
  const scale = Number(values["text-scale"]);
  const suffix = `${scale === 1 ? "" : `-text${scale * 100}`}${values["forced-colors"] ? "-forced" : ""}`;
  for (const path of positionals.length ? positionals : ["/"]) {
    await page.goto(`${values.base}${path}`, { waitUntil: "networkidle" });
    // Through the CSSOM: the site's CSP (rightly) refuses an injected <style>.
    if (scale !== 1)
      await page.evaluate((s) => (document.documentElement.style.fontSize = `${s * 100}%`), scale);
    // A full page shows every image: those loaded lazily are asked for now, and decoded.
    if (!values.fold)
      await page.evaluate(() =>
        Promise.all(
          [...document.images].map((img) => {
            img.loading = "eager";
            return img.decode().catch(() => {});
          }),
        ),
      );
    const name = path.replace(/[^a-z0-9]+/gi, "_").replace(/^_|_$/g, "") || "home";
    const file = `screenshots/${name}-${width}${suffix}.png`;
    await page.screenshot({ path: file, fullPage: !values.fold });
    console.log(file);
  }
  await page.close();
}
await browser.close();
