import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { connect } from "../src/db/connect.ts";
import { generateContent } from "../src/db/demo/generate.ts";
import { migrate } from "../src/db/migrate.ts";
import { imageStore } from "../src/db/repositories/image-store.ts";
import { parseContentFile } from "../src/content/content-file.ts";
import { holdImages } from "../src/images/hold.ts";
import { imageLoader } from "../src/images/load.ts";
import { renderAwaitingImages } from "../src/server/image-renditions.ts";
import { startSitefinityService } from "../tools/sitefinity-service.ts";
import { portraitJpeg } from "../tools/test-images.ts";
import { BUDGETS } from "./budgets.ts";

// One photograph as a sync takes it in: a 2,000 × 2,500 JPEG (about 5 megapixels, a banker's
// portrait as a camera gives it) held from the Sitefinity stand-in (fetched, checked, decoded
// once small, stored in SQLite), then its renditions made as the site makes them in the
// background (AVIF, WebP and JPEG at four widths). The median of RUNS photographs, each of other
// bytes, in elapsed time and in CPU time (the process's, libvips' threads included: on a machine
// shared with other work, the steadier of the two); and the most memory the process held above its start while doing it (resident set,
// sampled every 10 ms: sharp's pixels live outside the JavaScript heap).

const RUNS = 3;
const WIDTH = 2000;
const HEIGHT = 2500;

/** The process's CPU time since `from` (user and system, every thread), in ms. */
const cpuMs = (from: NodeJS.CpuUsage) => {
  const { user, system } = process.cpuUsage(from);
  return (user + system) / 1000;
};

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

export async function benchImages(): Promise<string[]> {
  const content = parseContentFile(generateContent({ transactions: 5, articles: 1 }));
  if (!content.ok) throw new Error(content.problems.join("\n"));
  const service = await startSitefinityService(content.content);
  const dir = mkdtempSync(join(tmpdir(), "site-bench-images-"));
  const db = connect(`file:${join(dir, "site.db")}`);
  const photos = await Promise.all(
    Array.from({ length: RUNS }, (_v, i) => portraitJpeg(WIDTH, HEIGHT, { hue: 40 + i * 90 })),
  );
  photos.forEach((bytes, i) =>
    service.serveImage(`/images/people/${i}.jpg`, { bytes, type: "image/jpeg" }),
  );
  const before = process.memoryUsage().rss;
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 10);
  try {
    await migrate(db);
    const load = imageLoader({ origins: [service.origin] });
    const holds: number[] = [];
    const renders: number[] = [];
    const holdCpu: number[] = [];
    const renderCpu: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      let started = performance.now();
      let cpu = process.cpuUsage();
      const address = `${service.origin}/images/people/${i}.jpg?sfvrsn=1`;
      const [outcome] = await holdImages(imageStore(db), [address], load);
      holds.push(performance.now() - started);
      holdCpu.push(cpuMs(cpu));
      if (!outcome?.isHeld) throw new Error(`not held: ${JSON.stringify(outcome)}`);
      started = performance.now();
      cpu = process.cpuUsage();
      if ((await renderAwaitingImages(db)) !== 1) throw new Error("no renditions were made");
      renders.push(performance.now() - started);
      renderCpu.push(cpuMs(cpu));
    }
    const hold = median(holds);
    const render = median(renders);
    const megabytes = (peak - before) / (1024 * 1024);
    const kb = (photos[0]!.length / 1024).toFixed(0);
    return [
      `One ${WIDTH} × ${HEIGHT} photograph (${kb} kB JPEG) held at sync (fetched, checked, stored), median of ${RUNS}: ` +
        `${hold.toFixed(0)} ms, ${median(holdCpu).toFixed(0)} ms of CPU ` +
        `(budget ≤ ${BUDGETS.imageHoldMs} ms) ${hold <= BUDGETS.imageHoldMs ? "PASS" : "FAIL"}`,
      `Its renditions (AVIF, WebP, JPEG at 320, 640, 960 and 1280 px), made in the background: ` +
        `${(render / 1000).toFixed(1)} s, ${(median(renderCpu) / 1000).toFixed(1)} s of CPU ` +
        `(budget ≤ ${BUDGETS.imageRenditionsMs / 1000} s) ${render <= BUDGETS.imageRenditionsMs ? "PASS" : "FAIL"}`,
      `Memory above the process's start while holding and rendering (resident set, peak): ${megabytes.toFixed(0)} MB`,
    ];
  } finally {
    clearInterval(sampler);
    await db.close();
    await service.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
