import { gzipSync } from "node:zlib";
import { chromium } from "playwright-core";
import { chromiumLaunchOptions } from "../tools/chromium.ts";
import { BUDGETS } from "./budgets.ts";
import { samplePaths, startBenchServer } from "./site-server.ts";

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
      await page.goto(`${server.url}${path}`, { waitUntil: "networkidle" });
      const sizes = await Promise.all(scripts.values());
      const kb = sizes.reduce((a, b) => a + b, 0) / 1000;
      lines.push(
        `JS on ${name}: ${kb.toFixed(1)} kB gzip in ${sizes.length} files (budget ≤ ${budget} kB) ${kb <= budget ? "PASS" : "FAIL"}`,
      );
      await page.close();
    }
  } finally {
    await browser.close();
    await server.close();
  }
  return lines;
}
