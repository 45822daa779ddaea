import { gzipSync } from "node:zlib";
import { chromium } from "playwright-core";
import { chromiumLaunchOptions } from "../tools/chromium.ts";
import { BUDGETS } from "./budgets.ts";
import { samplePaths, startBenchServer } from "./site-server.ts";

const EMBED_HOST = "http://embed-host.test/";

/** A page of another system that embeds both widgets through /embed.js (DESIGN §4). */
const embedHost = (site: string) => `<!doctype html><html lang="en"><head><title>Host</title></head>
<body><div id="historicaltransactions"></div><div id="topicsearch"></div>
<script type="module" src="${site}/embed.js"></script></body></html>`;

/** gzip size of every script each page loads in Chromium (after its widgets have loaded). */
export async function benchJsSize(): Promise<string[]> {
  const server = await startBenchServer();
  const browser = await chromium.launch(chromiumLaunchOptions());
  const lines: string[] = [`Chromium ${browser.version()}`];
  try {
    const { article } = await samplePaths(server.url);
    const pages: [string, string, number][] = [
      ["/", "/", BUDGETS.jsKbContentPage],
      ["/topics", "/topics", BUDGETS.jsKbContentPage],
      ["an article", article, BUDGETS.jsKbContentPage],
      ["/transactions", "/transactions", BUDGETS.jsKbTransactions],
      ["another site's page (embed.js, both widgets)", EMBED_HOST, BUDGETS.embedKb],
    ];
    for (const [name, path, budget] of pages) {
      const page = await browser.newPage();
      // The host page is served by the browser itself, on an origin of its own.
      await page.route(EMBED_HOST, (route) =>
        route.fulfill({ contentType: "text/html", body: embedHost(server.url) }),
      );
      const scripts = new Map<string, Promise<number>>();
      page.on("response", (response) => {
        const type = response.headers()["content-type"] ?? "";
        if (/javascript/.test(type) && !scripts.has(response.url())) {
          scripts.set(
            response.url(),
            response.body().then((b) => gzipSync(b).length),
          );
        }
      });
      await page.goto(path === EMBED_HOST ? path : `${server.url}${path}`, {
        waitUntil: "networkidle",
      });
      const sizes = await Promise.all(scripts.values());
      const kb = sizes.reduce((a, b) => a + b, 0) / 1000;
      const isEmbed = path === EMBED_HOST;
      const fits = isEmbed ? Math.abs(kb / budget - 1) <= 0.05 : kb <= budget;
      const limit = isEmbed ? `within 5% of ${budget} kB` : `≤ ${budget} kB`;
      lines.push(
        `JS on ${name}: ${kb.toFixed(1)} kB gzip in ${sizes.length} files (budget ${limit}) ${fits ? "PASS" : "FAIL"}`,
      );
      await page.close();
    }
  } finally {
    await browser.close();
    await server.close();
  }
  return lines;
}
