import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { connect } from "../src/db/connect.ts";
import { generateContent } from "../src/db/demo/generate.ts";
import { migrate } from "../src/db/migrate.ts";
import { replaceContent } from "../src/db/repositories/content-repository.ts";
import { imageStore } from "../src/db/repositories/image-store.ts";
import { parseContentFile } from "../src/content/content-file.ts";
import { holdImages } from "../src/images/hold.ts";
import { imageLoader } from "../src/images/load.ts";
import { renderAwaitingImages } from "../src/server/image-renditions.ts";
import { runSync } from "../src/sync/run-sync.ts";
import {
  ACCESS_KEY,
  PEOPLE_SET,
  startSitefinityService,
  standInSettings,
} from "../tools/sitefinity-service.ts";
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

const PEOPLE = 200;
const PEOPLE_WIDTH = 1200;
const PEOPLE_HEIGHT = 1500;

/** The resident set's peak since the last `reset`, sampled every 10 ms; stopped with `stop`. */
function rssPeak() {
  let peak = process.memoryUsage().rss;
  const sample = () => (peak = Math.max(peak, process.memoryUsage().rss));
  const sampler = setInterval(sample, 10);
  return {
    take() {
      sample();
      const taken = peak;
      peak = process.memoryUsage().rss;
      return taken;
    },
    stop: () => clearInterval(sampler),
  };
}

/**
 * A full sync of PEOPLE people, each with a photograph of its own (a PEOPLE_WIDTH × PEOPLE_HEIGHT
 * JPEG, as an editor uploads a headshot), from the stand-in into SQLite: the memory the sync
 * process needs above its start while it holds them all, and then while it makes their renditions
 * (one image at a time, so it stays flat however many people there are).
 */
export async function benchPeopleSync(): Promise<string[]> {
  const parsed = parseContentFile(generateContent({ transactions: 20, articles: 2 }));
  if (!parsed.ok) throw new Error(parsed.problems.join("\n"));
  const service = await startSitefinityService(parsed.content, {
    accessKey: ACCESS_KEY,
    hasFirm: true,
  });
  const dir = mkdtempSync(join(tmpdir(), "site-bench-people-"));
  const db = connect(`file:${join(dir, "site.db")}`);
  try {
    const model = service.items(PEOPLE_SET)[0]!;
    for (let i = 0; i < PEOPLE; i++) {
      const path = `/images/default-source/people/banker-${i}.jpg`;
      const bytes = await portraitJpeg(PEOPLE_WIDTH, PEOPLE_HEIGHT, { hue: (i * 37) % 360 });
      service.serveImage(path, { bytes, type: "image/jpeg" });
      const number = String(i).padStart(12, "0");
      service.add(PEOPLE_SET, {
        ...model,
        Id: `5e0b1e00-0000-4000-8000-${number}`,
        UrlName: `banker-${i}`,
        Title: `Banker Number ${i}`,
        FirstName: "Banker",
        LastName: `Number ${i}`,
        Photo: [
          {
            Id: `5e0b1e00-0000-4000-9000-${number}`,
            Title: `Banker Number ${i}`,
            AlternativeText: `Banker Number ${i}`,
            Url: `${service.origin}${path}?sfvrsn=1`,
            Width: PEOPLE_WIDTH,
            Height: PEOPLE_HEIGHT,
          },
        ],
      });
    }
    await migrate(db);
    await replaceContent(db, parsed.content);
    const start = process.memoryUsage().rss;
    const peak = rssPeak();
    const above = () => (peak.take() - start) / 2 ** 20;
    try {
      const started = performance.now();
      const sync = await runSync(db, {
        settings: standInSettings(service.base),
        accessKey: ACCESS_KEY,
        isFull: true,
      });
      const seconds = (performance.now() - started) / 1000;
      const syncMb = above();
      const held = sync.images?.held ?? 0;
      if (held < PEOPLE) throw new Error(`the sync held ${held} photographs of ${PEOPLE}`);
      const rendered = await renderAwaitingImages(db);
      return [
        `A full sync of ${PEOPLE} people with a ${PEOPLE_WIDTH} × ${PEOPLE_HEIGHT} photograph each (${held} held): ` +
          `${seconds.toFixed(1)} s, memory above the process's start ${syncMb.toFixed(0)} MB at most (resident set)`,
        `Then their renditions, one image after another (${rendered} images): ${above().toFixed(0)} MB above the same start at most`,
      ];
    } finally {
      peak.stop();
    }
  } finally {
    await db.close();
    await service.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
