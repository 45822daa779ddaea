import { fileURLToPath } from "node:url";
import * as chromeLauncher from "chrome-launcher";
import lighthouse, { type Result } from "lighthouse";
import { CHROMIUM_ARGS, findChromium } from "../tools/chromium.ts";
import { BUDGETS } from "./budgets.ts";
import { LEADERSHIP_PATH } from "../src/rules/site-paths.ts";
import { samplePaths, startBenchServer } from "./site-server.ts";

// Lighthouse (mobile settings, its default: simulated slow 4G and a 4× slower CPU) driving
// Chromium (tools/chromium.ts) on every kind of page a visitor lands on, the site at its default
// settings. Each page runs LIGHTHOUSE_RUNS times (3); the median performance and, apart, the median
// Total Blocking Time count, as
// Lighthouse's own guidance on variance advises; every run's score and TBT are printed. A page
// passes with performance ≥ 95, Total Blocking Time ≤ 200 ms, and accessibility, best practices
// and SEO at 100. Pages: the home page, /transactions, /topics, an article, a deal page, an
// industry hub, the leadership page and a profile (their photographs among the bytes). Part
// of `npm run bench`; `npm run lighthouse` runs it alone.
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;
const RUNS = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 3));

const score = (lhr: Result, id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
const tbtMs = (lhr: Result) => Math.round(lhr.audits["total-blocking-time"]?.numericValue ?? NaN);
/** The bytes of the images a run downloaded (those lazy-loaded far below the fold are not). */
const imageKb = (lhr: Result) => {
  const details = lhr.audits["network-requests"]?.details as
    { items?: { resourceType?: string; transferSize?: number }[] } | undefined;
  const bytes = (details?.items ?? [])
    .filter((item) => item.resourceType === "Image")
    .reduce((sum, item) => sum + (item.transferSize ?? 0), 0);
  return Math.round(bytes / 1024);
};
const medianOf = (xs: number[]) => xs.toSorted((a, b) => a - b)[Math.floor((xs.length - 1) / 2)]!;

/**
 * A page's verdict: the median of its runs' performance scores and, apart, the median of their
 * Total Blocking Times; the other categories and the metrics shown from the run that is median
 * by performance. One line per page, and the audits that cost a category points.
 */
function verdict(path: string, runs: Result[]): string[] {
  const sorted = runs.toSorted((a, b) => score(a, "performance") - score(b, "performance"));
  const median = sorted[Math.floor((sorted.length - 1) / 2)]!;
  const tbt = medianOf(runs.map(tbtMs));
  const misses = CATEGORIES.flatMap((id) => {
    const min = id === "performance" ? BUDGETS.lighthousePerformance : 100;
    return score(median, id) < min ? [`${id} ${score(median, id)} < ${min}`] : [];
  });
  if (!(tbt <= BUDGETS.lighthouseTbtMs))
    misses.push(`TBT ${tbt} ms > ${BUDGETS.lighthouseTbtMs} ms`);
  const audit = (id: string) => median.audits[id]?.displayValue ?? "n/a";
  const lines = [
    `${path}: performance ${score(median, "performance")}, TBT ${tbt} ms, ` +
      `LCP ${audit("largest-contentful-paint")}, CLS ${audit("cumulative-layout-shift")}, images ${imageKb(median)} kB; ` +
      `accessibility ${score(median, "accessibility")}, best practices ${score(median, "best-practices")}, ` +
      `SEO ${score(median, "seo")} (median of ${runs.length}; runs: ` +
      `${runs.map((r) => `${score(r, "performance")}/${tbtMs(r)} ms`).join(", ")}) ` +
      (misses.length === 0 ? "PASS" : `FAIL: ${misses.join(", ")}`),
  ];
  // What the other categories found, so a failure says where to look.
  for (const id of CATEGORIES.slice(1)) {
    for (const ref of median.categories[id]?.auditRefs ?? []) {
      const found = median.audits[ref.id];
      if (ref.weight > 0 && found && found.score !== null && found.score < 1)
        lines.push(`    ${id}: ${found.id} — ${found.title}`);
    }
  }
  return lines;
}

/** A banker's profile: the first the leadership page links to. */
async function profilePath(url: string): Promise<string> {
  const leadership = await (await fetch(`${url}${LEADERSHIP_PATH}`)).text();
  const path = /href="(\/people\/[^"?/.]+)"/.exec(leadership)?.[1];
  if (!path) throw new Error("the leadership page links to no profile");
  return path;
}

/**
 * Runs Lighthouse on the home page, both widget pages, an article, a deal page, an industry hub,
 * the leadership page and a profile.
 */
export async function benchLighthouse(): Promise<string[]> {
  const server = await startBenchServer();
  const browser = findChromium();
  const chrome = await chromeLauncher.launch({
    ...(browser.executablePath ? { chromePath: browser.executablePath } : {}),
    chromeFlags: ["--headless=new", ...CHROMIUM_ARGS],
  });
  const lines = [
    `Lighthouse mobile, budget: performance ≥ ${BUDGETS.lighthousePerformance} and TBT ≤ ${BUDGETS.lighthouseTbtMs} ms (median of ${RUNS}), accessibility, best practices and SEO 100`,
  ];
  try {
    const { article, deal } = await samplePaths(server.url);
    const profile = await profilePath(server.url);
    const paths = ["/", "/transactions", "/topics", article, deal, "/industries/healthcare"];
    for (const path of [...paths, LEADERSHIP_PATH, profile]) {
      const runs: Result[] = [];
      for (let i = 0; i < RUNS; i++) {
        const result = await lighthouse(`${server.url}${path}`, {
          port: chrome.port,
          output: "json",
          logLevel: "error",
          onlyCategories: [...CATEGORIES],
        });
        if (!result) throw new Error(`lighthouse returned nothing for ${path}`);
        const { runtimeError, runWarnings } = result.lhr;
        if (runtimeError)
          lines.push(`  run ${i + 1}: ${runtimeError.code}: ${runtimeError.message}`);
        for (const warning of runWarnings) lines.push(`  run ${i + 1}: ${warning}`);
        runs.push(result.lhr);
      }
      lines.push(...verdict(path, runs));
    }
    lines.push(await leadershipOnAPhone(server.url, chrome.port));
  } finally {
    chrome.kill();
    await server.close();
  }
  return lines;
}

/**
 * The leadership page, every banker's photograph on it, on a 375 × 812 phone at 2× (Lighthouse's
 * own phone is 412 px wide): the image bytes it downloads, against their budget, and CLS 0.
 */
async function leadershipOnAPhone(url: string, port: number): Promise<string> {
  const result = await lighthouse(
    `${url}${LEADERSHIP_PATH}`,
    { port, output: "json", logLevel: "error", onlyCategories: ["performance"] },
    {
      extends: "lighthouse:default",
      settings: {
        formFactor: "mobile",
        screenEmulation: {
          mobile: true,
          width: 375,
          height: 812,
          deviceScaleFactor: 2,
          disabled: false,
        },
      },
    },
  );
  if (!result) throw new Error("lighthouse returned nothing for the leadership page at 375 px");
  const lhr = result.lhr;
  const kb = imageKb(lhr);
  const cls = lhr.audits["cumulative-layout-shift"]?.numericValue ?? NaN;
  const performance = score(lhr, "performance");
  const isMet =
    kb <= BUDGETS.leadershipImagesKb && cls === 0 && performance >= BUDGETS.lighthousePerformance;
  return (
    `${LEADERSHIP_PATH} at 375 × 812 (2×), one run: images ${kb} kB (budget ≤ ${BUDGETS.leadershipImagesKb} kB), ` +
    `performance ${performance}, LCP ${lhr.audits["largest-contentful-paint"]?.displayValue ?? "n/a"}, CLS ${cls} ` +
    (isMet ? "PASS" : "FAIL")
  );
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const lines = await benchLighthouse();
  for (const line of lines) console.log(line);
  process.exitCode = lines.some((line) => /\bFAIL\b/.test(line)) ? 1 : 0;
}
