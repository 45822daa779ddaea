import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../tests/helpers/chromium.ts";
import { samplePaths, startBenchServer } from "./site-server.ts";

// npm run lighthouse: Lighthouse (mobile settings, its default) driving Debian's Chromium on
// /, /transactions, /topics and an article. Budget: performance >= 95; accessibility, best
// practices and SEO 100. Prints the scores with LCP, TBT and CLS.
const BUDGET = { performance: 95, accessibility: 100, "best-practices": 100, seo: 100 } as const;

const server = await startBenchServer();
const chrome = await chromeLauncher.launch({
  chromePath: CHROMIUM_PATH,
  chromeFlags: ["--headless=new", ...CHROMIUM_ARGS],
});
let failed = false;
try {
  const { article } = await samplePaths(server.url);
  for (const path of ["/", "/transactions", "/topics", article]) {
    const result = await lighthouse(`${server.url}${path}`, {
      port: chrome.port,
      output: "json",
      logLevel: "error",
      onlyCategories: Object.keys(BUDGET),
    });
    if (!result) throw new Error(`lighthouse returned nothing for ${path}`);
    const { categories, audits } = result.lhr;
    const scores = Object.entries(BUDGET).map(([id, min]) => {
      const score = Math.round((categories[id]?.score ?? 0) * 100);
      if (score < min) failed = true;
      return `${id} ${score}${score < min ? ` (< ${min})` : ""}`;
    });
    const metric = (id: string) => audits[id]?.displayValue ?? "n/a";
    console.log(
      `${path}\n  ${scores.join(", ")}\n  LCP ${metric("largest-contentful-paint")}, TBT ${metric("total-blocking-time")}, CLS ${metric("cumulative-layout-shift")}`,
    );
    for (const [id, category] of Object.entries(categories)) {
      for (const ref of category.auditRefs) {
        const audit = audits[ref.id];
        if (
          ref.weight > 0 &&
          audit &&
          audit.score !== null &&
          audit.score < 1 &&
          id !== "performance"
        ) {
          console.log(`    ${id}: ${audit.id} — ${audit.title}`);
        }
      }
    }
  }
} finally {
  chrome.kill();
  await server.close();
}
console.log(failed ? "FAIL: a score is under its budget" : "PASS");
process.exitCode = failed ? 1 : 0;
