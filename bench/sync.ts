import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseContentFile } from "../src/content/content-file.ts";
import { connect } from "../src/db/connect.ts";
import { generateContent } from "../src/db/demo/generate.ts";
import { migrate } from "../src/db/migrate.ts";
import { contentRevision, replaceContent } from "../src/db/repositories/content-repository.ts";
import { runSync } from "../src/sync/run-sync.ts";
import { createServiceClient } from "../src/sync/service-client.ts";
import { parseSyncSettings } from "../src/sync/settings.ts";
import {
  DEALS_SET,
  INDUSTRIES_FIELD,
  PAGE_SIZE,
  startSitefinityService,
  syncSettingsFor,
} from "../tools/sitefinity-service.ts";
import { BUDGETS } from "./budgets.ts";

// The sync budgets (bench/budgets.ts): a first sync of 10,000 deals and 5,000 articles into
// the demo site (SQLite) from the Sitefinity-shaped stand-in, which pages by 50 and takes
// LATENCY_MS per request, as a CMS on the network does; then a sync with nothing changed. The
// first sync is compared with fetching each item by itself at the same service's rate, measured
// on a sample of single-item requests. Each of the service's articles shows a picture of its own
// address, which the sync holds (fetched, checked, stored) before it writes; a client fetching
// one item a request fetches those pictures too, one a request, so the comparison counts them on
// both sides.

const DEALS = 10_000;
const ARTICLES = 5_000;
/** A round trip to Sitefinity: a small OData reply on a near network (real ones are slower). */
const LATENCY_MS = Number(process.env.BENCH_SYNC_LATENCY_MS ?? 20);
const SAMPLE = 200;

export async function benchSync(): Promise<string[]> {
  const firm = generateContent({ transactions: DEALS, articles: ARTICLES, seed: 21 });
  const service = await startSitefinityService(firm, { accessKey: "bench", latencyMs: LATENCY_MS });
  const dir = mkdtempSync(join(tmpdir(), "site-bench-sync-"));
  const db = connect(`file:${join(dir, "site.db")}`);
  try {
    await migrate(db);
    const demo = parseContentFile(JSON.parse(JSON.stringify(generateContent())));
    if (!demo.ok) throw new Error(demo.problems.join("\n"));
    await replaceContent(db, demo.content);
    const settings = parseSyncSettings(syncSettingsFor(service.base));
    if (!settings.ok) throw new Error(settings.problems.join("\n"));
    const sync = () => runSync(db, { settings: settings.settings, accessKey: "bench" });

    const first = await sync();
    const images = first.images?.held ?? 0;
    const oneByOne =
      (await secondsPerItem(service.base)) * (DEALS + ARTICLES) +
      (await secondsPerImage(service.origin)) * images;
    const speedup = oneByOne / first.seconds;
    const revision = await contentRevision(db);
    const unchanged = await sync();
    const pages = (n: number) => Math.ceil(n / PAGE_SIZE);
    const listingPass =
      1 +
      pages(firm.hierarchyTaxa.length) +
      pages(firm.flatTaxa.length) +
      pages(DEALS) +
      pages(ARTICLES);
    const isOnePass =
      unchanged.outcome === "unchanged" &&
      unchanged.requests <= listingPass &&
      (await contentRevision(db)) === revision;
    return [
      `First sync, ${DEALS.toLocaleString("en")} deals + ${ARTICLES.toLocaleString("en")} articles into the demo site (SQLite), ` +
        `service paging by ${PAGE_SIZE} at ${LATENCY_MS} ms a request: ${first.seconds.toFixed(1)} s, ${first.requests} requests, ` +
        `${first.fetched.toLocaleString("en")} whole items, ${images.toLocaleString("en")} images held, ${first.images?.refused.length ?? 0} not`,
      `First sync vs one item or image a request at the service's rate (${SAMPLE} sampled: ${oneByOne.toFixed(0)} s for all): ` +
        `${speedup.toFixed(1)}× faster (budget ≥ ${BUDGETS.syncFirstSpeedup}×) ${speedup >= BUDGETS.syncFirstSpeedup ? "PASS" : "FAIL"}`,
      `No-change sync: ${unchanged.seconds.toFixed(1)} s, ${unchanged.requests} requests ` +
        `(one listing pass per set: ${listingPass}), content revision ${isOnePass ? "unchanged" : "moved"} ` +
        `(budget: one listing pass, nothing written) ${isOnePass ? "PASS" : "FAIL"}`,
    ];
  } finally {
    await db.close();
    await service.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Seconds per item when each is fetched by itself, as a client without batches would. */
async function secondsPerItem(service: string): Promise<number> {
  const client = createServiceClient({ service, accessKey: "bench" });
  const ids = (await client.list(DEALS_SET, { $select: "Id" })).slice(0, SAMPLE);
  const started = performance.now();
  for (const { Id } of ids)
    await client.list(DEALS_SET, {
      $select: `*,${INDUSTRIES_FIELD}`,
      $filter: `Id eq ${String(Id)}`,
    });
  return (performance.now() - started) / 1000 / ids.length;
}

/** Seconds per image fetched by itself, as a client that fetches one thing a request would. */
async function secondsPerImage(origin: string): Promise<number> {
  const started = performance.now();
  for (let i = 0; i < SAMPLE; i++) {
    const response = await fetch(`${origin}/images/default-source/news/sample-${i}.png?sfvrsn=2`);
    await response.arrayBuffer();
  }
  return (performance.now() - started) / 1000 / SAMPLE;
}
