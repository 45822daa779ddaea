import { findChromium } from "../tools/chromium.ts";
import { benchApi } from "./api.ts";
import { benchDeadWindow } from "./dead-window.ts";
import { benchFilterTime } from "./filter-time.ts";
import { benchJsSize } from "./js-size.ts";
import { benchImportLatency } from "./import-latency.ts";
import { benchPages } from "./pages.ts";
import { benchSearch } from "./search.ts";

// npm run bench: every budget of DESIGN §7 that a benchmark checks, one figure per line, measured
// side by side in one run on this machine. Exits 1 when a figure misses its budget.
const started = Date.now();
const browser = findChromium();
console.log(`Browser: ${browser.source} (${browser.executablePath ?? "Playwright's own"})`);
const sections: [string, () => Promise<string[]>][] = [
  ["API throughput", benchApi],
  ["Page throughput", benchPages],
  ["JavaScript per page", benchJsSize],
  ["Filter time, 10,000 transactions", benchFilterTime],
  ["Dead windows on a slow phone (Lighthouse mobile throttling)", benchDeadWindow],
  ["Search: quality, PostgreSQL and SQLite, 20,000 documents", benchSearch],
  ["Imports across instances", benchImportLatency],
];
let failed = false;
for (const [title, run] of sections) {
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
