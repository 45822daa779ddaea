import { mkdtempSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { isBuildStale } from "../scripts/build-state.ts";
import { build } from "../scripts/build.ts";
import { verify } from "../scripts/archive-verify.ts";
import { parseContentFile } from "../src/content/content-file.ts";
import { connect } from "../src/db/connect.ts";
import { generateContent } from "../src/db/demo/generate.ts";
import { migrate } from "../src/db/migrate.ts";
import {
  replaceContent,
  writeItems,
  contentRevision,
} from "../src/db/repositories/content-repository.ts";
import { DIST, loadAstroHandler } from "../src/server/boot.ts";
import { loadConfig } from "../src/server/config.ts";
import { buildFiles, buildId } from "../src/server/record/build-id.ts";
import { captureOwed, type CaptureDeps, type CaptureReport } from "../src/server/record/capture.ts";
import { recordDeploy } from "../src/server/record/changes.ts";
import { itemChanges, itemChangeTags } from "../src/sync/change-tags.ts";
import { BUDGETS } from "./budgets.ts";
import { ROOT } from "./site-server.ts";

// The site's record at 10,000 deals and 5,000 articles, on SQLite (docs/records.md): the full
// baseline (its addresses, size and minutes), then CHANGES one-deal writes each captured as the
// running site captures them (a write through the hook's write path, then the capture of what it
// owes): the time from the write's commit to its capture's commit, the bytes each stores, and
// the share of the bytes kept that identical payloads saved; then `archive verify` over it all.
// In this process rather than the site's worker thread, so that the figures are the capture's
// own (the worker adds its lowest priority, which a busy machine shows as time).

const DEALS = 10_000;
const ARTICLES = 5_000;
const CHANGES = Number(process.env.BENCH_RECORD_CHANGES ?? 20);

const quantile = (sorted: readonly number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;
const mb = (bytes: number) => (bytes / 1e6).toFixed(1);

export async function benchRecord(): Promise<string[]> {
  if (isBuildStale(ROOT)) build();
  process.env.NODE_ENV = "production";
  const parsed = parseContentFile(
    JSON.parse(
      JSON.stringify(generateContent({ transactions: DEALS, articles: ARTICLES, seed: 29 })),
    ),
  );
  if (!parsed.ok) throw new Error(parsed.problems.join("\n"));
  const firm = parsed.content;
  const dir = mkdtempSync(join(tmpdir(), "site-bench-record-"));
  const url = `file:${join(dir, "site.db")}`;
  const db = connect(url);
  const snapshotDb = connect(url, { create: false });
  const lines: string[] = [];
  const load = () => loadavg()[0]!.toFixed(1);
  try {
    await migrate(db);
    await replaceContent(db, firm, {
      cause: { type: "import", file: "bench", digest: "sha256:-", user: "bench" },
    });
    const build = buildId(DIST);
    await recordDeploy(db, build);
    const deps: CaptureDeps = {
      db,
      snapshotDb,
      site: {
        config: loadConfig({ SITE_URL: "https://www.firm.example", RECORD: "true" }),
        astro: await loadAstroHandler(),
        clientDir: `${DIST}client`,
        embedDir: `${DIST}embed`,
      },
      build: { id: build, files: () => buildFiles(DIST) },
      by: "bench",
    };
    lines.push(`machine load (1-minute average) before the baseline: ${load()} on 2 cores`);
    const cpu = process.cpuUsage();
    const baseline = (await captureOwed(deps, { isLastTry: true }))!;
    const cpuSeconds = (process.cpuUsage(cpu).user + process.cpuUsage(cpu).system) / 1e6;
    lines.push(
      `baseline, ${DEALS} deals and ${ARTICLES} articles: ${baseline.responses} pages, replies and assets; ` +
        `${mb(baseline.storedBytes)} MB stored (${mb(baseline.rawBytes)} MB as sent); ` +
        `${(baseline.seconds / 60).toFixed(1)} min (${(cpuSeconds / 60).toFixed(1)} min of CPU), load ${load()}`,
    );

    const reports: CaptureReport[] = [];
    const latencies: number[] = [];
    for (let i = 0; i < CHANGES; i++) {
      const deal = firm.transactions[(i * 97) % firm.transactions.length]!;
      const renamed = { ...deal, Company: `${deal.Company} (renamed ${i})` };
      // The tags a hook's write of this change records, as the item sync computes them.
      const tags = itemChangeTags(
        itemChanges(
          { transactions: [deal], articles: [], descriptions: firm.descriptions },
          { transactions: [renamed], articles: [], descriptions: firm.descriptions },
        ),
        firm.hierarchyTaxa,
      );
      await writeItems(
        db,
        {
          deals: { removed: [], written: [renamed] },
          articles: { removed: [], written: [] },
          descriptions: {},
        },
        {
          ifRevision: await contentRevision(db),
          tags,
          cause: {
            type: "hook",
            items: [{ id: deal.Id.toLowerCase(), itemType: "bench", action: "Updated" }],
          },
        },
      );
      const committed = performance.now();
      const report = (await captureOwed(deps, { isLastTry: true }))!;
      latencies.push((performance.now() - committed) / 1000);
      reports.push(report);
    }
    const sorted = latencies.toSorted((a, b) => a - b);
    const p95 = quantile(sorted, 0.95);
    const stored = reports.reduce((sum, r) => sum + r.storedBytes, 0);
    const raw = reports.reduce((sum, r) => sum + r.rawBytes, 0);
    const kept = reports.reduce((sum, r) => sum + r.keptBytes, 0);
    const pages = reports.reduce((sum, r) => sum + r.responses, 0) / reports.length;
    lines.push(
      `one deal changed, write to its capture's commit (${CHANGES} changes): p50 ${quantile(sorted, 0.5).toFixed(1)} s, ` +
        `p95 ${p95.toFixed(1)} s (budget ${BUDGETS.recordCaptureP95S} s): ${p95 <= BUDGETS.recordCaptureP95S ? "PASS" : "FAIL"}; ` +
        `${pages.toFixed(0)} pages and replies rendered each, load ${load()}`,
    );
    lines.push(
      `stored per changed deal: ${(stored / CHANGES / 1000).toFixed(0)} kB (${(raw / CHANGES / 1000).toFixed(0)} kB new as sent, ` +
        `of ${(kept / CHANGES / 1000).toFixed(0)} kB kept); identical payloads stored once saved ${((1 - raw / kept) * 100).toFixed(0)}% of it`,
    );
    lines.push(
      `growth over 1,000 changes (${CHANGES} measured, times ${1000 / CHANGES}): ${mb((stored * 1000) / CHANGES)} MB stored`,
    );
    const started = performance.now();
    const print = console.log;
    console.log = () => {};
    try {
      await verify(db);
    } finally {
      console.log = print;
    }
    lines.push(
      `archive verify over the baseline and the ${CHANGES} changes: ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
    return lines;
  } finally {
    await db.close();
    await snapshotDb.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
