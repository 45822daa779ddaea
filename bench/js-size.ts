import { gzipSync } from "node:zlib";
import { chromium } from "playwright-core";
import { chromiumLaunchOptions } from "../tools/chromium.ts";
import { serveHostPage } from "../tools/host-page.ts";
import { BUDGETS } from "./budgets.ts";
import { samplePaths, startBenchServer } from "./site-server.ts";

/** A page of another system that embeds both widgets through /embed.js (DESIGN §4). */
const embedHost = (site: string) => `<!doctype html><html lang="en"><head><title>Host</title></head>
<body><div id="historicaltransactions"></div><div id="topicsearch"></div>
<script type="module" src="${site}/embed.js"></script></body></html>`;

/** gzip size of every script each page loads in Chromium (after its widgets have loaded). */
export async function benchJsSize(): Promise<string[]> {
  const server = await startBenchServer();
  // The host is a server of its own on 127.0.0.1: another origin, and (unlike a routed made-up
  // name) in the same address space, so Chromium's local network access rules let it load embed.js.
  const host = await serveHostPage(embedHost(server.url));
  const browser = await chromium.launch(chromiumLaunchOptions());
  const lines: string[] = [`Chromium ${browser.version()}`];
  try {
    const { article } = await samplePaths(server.url);
    const pages: [string, string, number][] = [
      ["/", "/", BUDGETS.jsKbContentPage],
      ["/topics", "/topics", BUDGETS.jsKbContentPage],
      ["an article", article, BUDGETS.jsKbContentPage],
      ["/transactions", "/transactions", BUDGETS.jsKbTransactions],
      ["another site's page (embed.js, both widgets)", host.url, BUDGETS.embedKb],
    ];
    for (const [name, path, budget] of pages) {
      const page = await browser.newPage();
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
      const isEmbed = path === host.url;
      await page.goto(isEmbed ? path : `${server.url}${path}`, {
        waitUntil: "networkidle",
      });
      const sizes = await Promise.all(scripts.values());
      const kb = sizes.reduce((a, b) => a + b, 0) / 1000;
      const fits = isEmbed ? Math.abs(kb / budget - 1) <= 0.05 : kb <= budget;
      const limit = isEmbed ? `within 5% of ${budget} kB` : `≤ ${budget} kB`;
      lines.push(
        `JS on ${name}: ${kb.toFixed(1)} kB gzip in ${sizes.length} files (budget ${limit}) ${fits ? "PASS" : "FAIL"}`,
      );
      await page.close();
    }
  } finally {
    await browser.close();
    await host.close();
    await server.close();
  }
  return lines;
}
