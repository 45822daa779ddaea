import { findChromium } from "../tools/chromium.ts";
import { benchApi } from "./api.ts";
import { benchDeadWindow } from "./dead-window.ts";
import { benchFilterTime } from "./filter-time.ts";
import { benchJsSize } from "./js-size.ts";
import { benchLighthouse } from "./lighthouse.ts";
import { benchImages, benchPeopleSync } from "./images.ts";
import { benchImportLatency } from "./import-latency.ts";
import { benchDealPage, benchPages } from "./pages.ts";
import { benchSearch } from "./search.ts";
import { benchSearchUpdate } from "./search-update.ts";
import { benchSync } from "./sync.ts";
import { benchPublish } from "./publish.ts";
import { benchRecord } from "./record.ts";
import { benchVarnishLoad } from "./varnish-load.ts";

// npm run bench: every budget in budgets.ts that a benchmark checks, one figure per line, measured
// side by side in one run on this machine. Exits 1 when a figure misses its budget.
const started = Date.now();
const browser = findChromium();
console.log(`Browser: ${browser.source} (${browser.executablePath ?? "Playwright's own"})`);
// `npm run bench -- api pages` runs only the sections named (by their key).
const sections: [key: string, title: string, run: () => Promise<string[]>][] = [
  ["api", "API throughput", benchApi],
  ["pages", "Page throughput", benchPages],
  ["js", "JavaScript, CSS and fonts per page", benchJsSize],
  ["filter", "Filter time, 10,000 transactions", benchFilterTime],
  ["dead", "Dead windows on a slow phone (Lighthouse mobile throttling)", benchDeadWindow],
  ["lighthouse", "Lighthouse on a slow phone", benchLighthouse],
  ["search", "Search: quality, PostgreSQL and SQLite, 20,000 documents", benchSearch],
  ["search-update", "Search: one item indexed alone, 15,000 documents", benchSearchUpdate],
  ["deal-page", "A deal page's first render, 50,000 deals", benchDealPage],
  ["imports", "Imports across instances", benchImportLatency],
  ["sync", "Sync from Sitefinity", benchSync],
  ["images", "Images: one photograph at sync", benchImages],
  ["people", "Images: a sync of 200 people with photographs", benchPeopleSync],
  ["varnish", "Varnish in front under load", benchVarnishLoad],
  ["publish", "Publish to visible through Varnish, and the cost of a change", benchPublish],
  ["record", "The site's record: baseline, a change to its capture, growth, verify", benchRecord],
];
const wanted = process.argv.slice(2);
const unknown = wanted.filter((key) => !sections.some(([k]) => k === key));
if (unknown.length > 0) {
  console.error(
    `unknown section ${unknown.join(", ")}; the sections are ${sections.map(([k]) => k).join(", ")}`,
  );
  process.exit(2);
}
let failed = false;
for (const [key, title, run] of sections) {
  if (wanted.length > 0 && !wanted.includes(key)) continue;
  console.log(`\n## ${title}`);
  for (const line of await run()) {
    console.log(line);
    if (/\bFAIL\b/.test(line)) failed = true;
  }
}
console.log(
  `\n${failed ? "FAIL: a figure misses its budget" : "PASS: every figure meets its budget"} (${((Date.now() - started) / 1000).toFixed(0)} s)`,
);
process.exitCode = failed ? 1 : 0;
