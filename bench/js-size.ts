import { gzipSync } from "node:zlib";
import { chromium } from "playwright-core";
import { chromiumLaunchOptions } from "../tools/chromium.ts";
import { serveHostPage } from "../tools/host-page.ts";
import { BUDGETS } from "./budgets.ts";
import { samplePaths, startBenchServer } from "./site-server.ts";

/** A page of another system that embeds both widgets through /embed.js. */
const embedHost = (site: string) => `<!doctype html><html lang="en"><head><title>Host</title></head>
<body><div id="historicaltransactions"></div><div id="topicsearch"></div>
<script type="module" src="${site}/embed.js"></script></body></html>`;

type Kind = "js" | "css" | "font";

// What a response is, by its content type; anything else (HTML, JSON, images) is not counted.
function kindOf(type: string): Kind | null {
  if (/javascript/.test(type)) return "js";
  if (/text\/css/.test(type)) return "css";
  if (/font\/|woff/.test(type)) return "font";
  return null;
}

/**
 * What each page downloads in Chromium (after its widgets have loaded): JavaScript and CSS as
 * gzip, fonts as sent (woff2 is compressed already). Another site's page must get no font of ours.
 */
export async function benchJsSize(): Promise<string[]> {
  const server = await startBenchServer();
  // The host is a server of its own on 127.0.0.1: another origin, and (unlike a routed made-up
  // name) in the same address space, so Chromium's local network access rules let it load embed.js.
  const host = await serveHostPage(embedHost(server.url));
  const browser = await chromium.launch(chromiumLaunchOptions());
  const lines: string[] = [`Chromium ${browser.version()}`];
  try {
    const { article, deal } = await samplePaths(server.url);
    const pages: [string, string, number][] = [
      ["/", "/", BUDGETS.jsKbContentPage],
      ["/topics", "/topics", BUDGETS.jsKbContentPage],
      ["an article", article, BUDGETS.jsKbContentPage],
      ["a deal page", deal, BUDGETS.jsKbContentPage],
      ["/transactions", "/transactions", BUDGETS.jsKbTransactions],
      ["another site's page (embed.js, both widgets)", host.url, BUDGETS.embedKb],
    ];
    for (const [name, path, budget] of pages) {
      const page = await browser.newPage();
      const files = new Map<string, Promise<[Kind, number]>>();
      page.on("response", (response) => {
        const kind = kindOf(response.headers()["content-type"] ?? "");
        if (kind && !files.has(response.url())) {
          files.set(
            response.url(),
            response.body().then((b) => [kind, kind === "font" ? b.length : gzipSync(b).length]),
          );
        }
      });
      const isEmbed = path === host.url;
      await page.goto(isEmbed ? path : `${server.url}${path}`, { waitUntil: "networkidle" });
      await page.evaluate(() => document.fonts.ready);
      const sizes = await Promise.all(files.values());
      const total = (kind: Kind) => {
        const of = sizes.filter(([k]) => k === kind).map(([, n]) => n);
        return { kb: of.reduce((a, b) => a + b, 0) / 1000, count: of.length };
      };
      const js = total("js");
      const fits = isEmbed ? Math.abs(js.kb / budget - 1) <= 0.05 : js.kb <= budget;
      const limit = isEmbed ? `within 5% of ${budget} kB` : `≤ ${budget} kB`;
      lines.push(
        `JS on ${name}: ${js.kb.toFixed(1)} kB gzip in ${js.count} files (budget ${limit}) ${fits ? "PASS" : "FAIL"}`,
      );
      const css = total("css");
      const font = total("font");
      if (isEmbed) {
        // The widgets bring their styles inside their script, and never the site's typefaces.
        lines.push(
          `Fonts on ${name}: ${font.count} files (budget: none of the site's) ${font.count === 0 ? "PASS" : "FAIL"}`,
        );
      } else {
        lines.push(
          `CSS on ${name}: ${css.kb.toFixed(1)} kB gzip in ${css.count} files (budget ≤ ${BUDGETS.cssKbPage} kB) ${css.kb <= BUDGETS.cssKbPage ? "PASS" : "FAIL"}`,
          `Fonts on ${name}: ${font.kb.toFixed(1)} kB in ${font.count} files (budget ≤ ${BUDGETS.fontKbPage} kB) ${font.kb <= BUDGETS.fontKbPage ? "PASS" : "FAIL"}`,
        );
      }
      await page.close();
    }
  } finally {
    await browser.close();
    await host.close();
    await server.close();
  }
  return lines;
}
