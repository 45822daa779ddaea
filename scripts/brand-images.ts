import { readFileSync, writeFileSync } from "node:fs";
import { chromium } from "playwright-core";
import { MARK, MARK_TOKENS } from "../src/components/brand/mark.ts";
import { FIRM } from "../src/db/demo/words.ts";
import { chromiumLaunchOptions } from "../tools/chromium.ts";
import { resolveTokens } from "../src/styles/tokens.ts";

// `node scripts/brand-images.ts`: makes public/favicon.svg, public/apple-touch-icon.png and
// public/share.png from the mark (src/components/brand/mark.ts), the tokens and the typefaces.
// Run it after a rebrand (docs/brand.md); the images are kept in the repository on purpose.
const root = new URL("../", import.meta.url);
const read = (path: string) => readFileSync(new URL(path, root));
const tokens = resolveTokens(read("src/styles/tokens.css").toString());
const colour = (name: string) => tokens.get(name) ?? "";

/** The mark as a standalone SVG, its colours written in. */
export function markSvg(size?: number): string {
  const dimensions = size ? ` width="${size}" height="${size}"` : "";
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="${MARK.viewBox}"${dimensions}>` +
    `<rect width="100%" height="100%" rx="${MARK.radius}" fill="${colour(MARK_TOKENS.field)}"/>` +
    `<g fill="none" stroke-linecap="round" stroke-linejoin="round">` +
    `<path d="${MARK.contour}" stroke="${colour(MARK_TOKENS.contour)}" stroke-opacity="0.85" stroke-width="${MARK.contourWidth}"/>` +
    `<path d="${MARK.ridge}" stroke="${colour(MARK_TOKENS.ridge)}" stroke-width="${MARK.ridgeWidth}"/>` +
    `</g></svg>`
  );
}

const font = (path: string) => `data:font/woff2;base64,${read(path).toString("base64")}`;
const FACES = `
@font-face { font-family: Display; font-weight: 200 800;
  src: url(${font("node_modules/@fontsource-variable/newsreader/files/newsreader-latin-wght-normal.woff2")}); }
@font-face { font-family: Text; font-weight: 100 900;
  src: url(${font("node_modules/@fontsource-variable/public-sans/files/public-sans-latin-wght-normal.woff2")}); }`;

// Contour lines drawn across the share picture: the brand's visual language at its largest.
function contours(width: number, height: number): string {
  const lines = Array.from({ length: 9 }, (_, i) => {
    const y = height * 0.35 + i * 34;
    const a = 60 + i * 6;
    return `<path d="M0 ${y} C ${width * 0.25} ${y - a}, ${width * 0.45} ${y + a * 0.6}, ${width * 0.62} ${y - a * 0.4} S ${width * 0.9} ${y - a * 1.1}, ${width} ${y - a * 0.2}" />`;
  });
  return `<svg class="lines" viewBox="0 0 ${width} ${height}" fill="none" stroke="${colour("--color-on-brand-accent")}" stroke-opacity="0.28" stroke-width="1.5">${lines.join("")}</svg>`;
}

function sharePage(): string {
  const [first, ...rest] = [FIRM.split(" ").slice(0, -1).join(" "), FIRM.split(" ").at(-1)];
  return `<!doctype html><style>${FACES}
  body { margin: 0; width: 1200px; height: 630px; background: ${colour("--color-brand")}; position: relative; overflow: hidden; }
  .lines { position: absolute; inset: 0; width: 100%; height: 100%; }
  .card { position: absolute; left: 96px; top: 150px; display: flex; align-items: center; gap: 40px; }
  .name { font: 600 76px/1 Display; color: ${colour("--color-brand-contrast")}; letter-spacing: -0.01em; }
  .tail { margin-top: 18px; font: 600 24px/1 Text; letter-spacing: 0.32em; text-transform: uppercase; color: ${colour("--color-on-brand-accent")}; }
  .rule { position: absolute; left: 96px; bottom: 120px; width: 120px; height: 4px; background: ${colour("--color-on-brand-accent")}; }
  .line { position: absolute; left: 96px; bottom: 70px; font: 400 28px/1 Text; color: ${colour("--color-on-brand-muted")}; }
  </style>${contours(1200, 630)}
  <div class="card">${markSvg(150)}<div><div class="name">${first}</div><div class="tail">${rest.join(" ")}</div></div></div>
  <div class="rule"></div><div class="line">Independent M&amp;A advice for founders, families and boards.</div>`;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  writeFileSync(new URL("public/favicon.svg", root), `${markSvg()}\n`);
  const browser = await chromium.launch(chromiumLaunchOptions());
  const page = await browser.newPage({ viewport: { width: 180, height: 180 } });
  await page.setContent(
    `<style>body{margin:0;background:${colour(MARK_TOKENS.field)}}svg{display:block}</style>${markSvg(180).replace(/rx="[^"]*"/, 'rx="0"')}`,
  );
  await page.screenshot({ path: new URL("public/apple-touch-icon.png", root).pathname });
  await page.setViewportSize({ width: 1200, height: 630 });
  await page.setContent(sharePage());
  await page.evaluate(() => document.fonts.ready);
  await page.screenshot({ path: new URL("public/share.png", root).pathname });
  await browser.close();
  console.log("public/favicon.svg, public/apple-touch-icon.png, public/share.png");
}
