import * as chromeLauncher from "chrome-launcher";
import lighthouse, { type Result } from "lighthouse";
import { CHROMIUM_ARGS, findChromium } from "../tools/chromium.ts";
import { samplePaths, startBenchServer } from "./site-server.ts";

// npm run lighthouse: Lighthouse (mobile settings, its default) driving Chromium (tools/chromium.ts) on
// /, /transactions, /topics and an article. Budget: performance >= 95; accessibility, best
// practices and SEO 100. Each page runs LIGHTHOUSE_RUNS times (3) and the median run by
// performance counts, as Lighthouse's own guidance on variance advises; every run's score is
// printed. Prints the scores with LCP, TBT and CLS.
const BUDGET = { performance: 95, accessibility: 100, "best-practices": 100, seo: 100 } as const;
const RUNS = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 3));

const server = await startBenchServer();
const browser = findChromium();
const chrome = await chromeLauncher.launch({
  ...(browser.executablePath ? { chromePath: browser.executablePath } : {}),
  chromeFlags: ["--headless=new", ...CHROMIUM_ARGS],
});
let failed = false;
try {
  const { article } = await samplePaths(server.url);
  for (const path of ["/", "/transactions", "/topics", article]) {
    const runs: Result[] = [];
    for (let i = 0; i < RUNS; i++) {
      const result = await lighthouse(`${server.url}${path}`, {
        port: chrome.port,
        output: "json",
        logLevel: "error",
        onlyCategories: Object.keys(BUDGET),
      });
      if (!result) throw new Error(`lighthouse returned nothing for ${path}`);
      const { runtimeError, runWarnings } = result.lhr;
      if (runtimeError)
        console.log(`  run ${i + 1}: ${runtimeError.code}: ${runtimeError.message}`);
      for (const warning of runWarnings) console.log(`  run ${i + 1}: ${warning}`);
      runs.push(result.lhr);
    }
    const performance = (lhr: Result) => lhr.categories.performance?.score ?? 0;
    const sorted = runs.toSorted((a, b) => performance(a) - performance(b));
    const { categories, audits } = sorted[Math.floor((sorted.length - 1) / 2)]!;
    const allRuns = runs.map((lhr) => Math.round(performance(lhr) * 100)).join(", ");
    const scores = Object.entries(BUDGET).map(([id, min]) => {
      const score = Math.round((categories[id]?.score ?? 0) * 100);
      if (score < min) failed = true;
      return `${id} ${score}${score < min ? ` (< ${min})` : ""}`;
    });
    const metric = (id: string) => audits[id]?.displayValue ?? "n/a";
    console.log(
      `${path} (median of ${RUNS} runs; performance in each: ${allRuns})\n  ${scores.join(", ")}\n  LCP ${metric("largest-contentful-paint")}, TBT ${metric("total-blocking-time")}, CLS ${metric("cumulative-layout-shift")}`,
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
