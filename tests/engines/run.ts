import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { startServer } from "../../tools/server-process.ts";
import { type Behaviour, type Site, WINDOWS } from "./behaviour.ts";
import type { EnginePage } from "./engine-page.ts";
import { BEHAVIOURS } from "./behaviours/index.ts";
import { type Engine, findEngines, type Found } from "./engines.ts";
import { launchFirefox } from "./firefox.ts";
import { startSlowScripts } from "./slow-scripts.ts";
import { launchWebKit } from "./webkit.ts";
import { startXDisplay, type XDisplay } from "./x-display.ts";

// npm run test:engines: the seed behaviours in Firefox and WebKit at 1280 and 375 px, against
// the built site (`npm run build` first). Each engine runs on a display of its own, one after
// the other. ENGINES=firefox or ENGINES=webkit runs one of them.

const engines = findEngines();
if ("missing" in engines) {
  console.error("test:engines cannot run; it needs:");
  for (const line of engines.missing) console.error(`  - ${line}`);
  process.exit(1);
}
const found: Found = engines.found;

const LAUNCHERS: Record<string, (display: XDisplay) => Promise<Engine>> = {
  firefox: (display) => launchFirefox(found.firefox, display),
  webkit: (display) => launchWebKit(found, display),
};
const chosen = (process.env.ENGINES ?? "firefox,webkit").split(",").map((e) => e.trim());
for (const name of chosen)
  if (!LAUNCHERS[name]) throw new Error(`ENGINES: unknown engine "${name}" (firefox, webkit)`);

const dataDir = mkdtempSync(join(tmpdir(), "site-engines-"));
const site = await startServer({
  DATABASE_URL: `file:${join(dataDir, "site.db")}`,
  SEED_DEMO: "true",
});
const slow = await startSlowScripts(site.url);
after(async () => {
  await slow.close();
  await site.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

for (const name of chosen) {
  describe(name, () => {
    let display: XDisplay;
    let engine: Engine;
    before(async () => {
      display = await startXDisplay();
      engine = await LAUNCHERS[name]!(display);
      console.log(`${engine.name} ${engine.version} on display ${display.name}`);
    });
    after(async () => {
      await engine?.close();
      await display?.close();
    });

    for (const { width, height } of WINDOWS) {
      describe(`${width} px`, () => {
        for (const behaviour of BEHAVIOURS.filter((b) => b.widths.includes(width)))
          it(behaviour.name, { timeout: 60_000 }, () =>
            runOne(behaviour, () => engine.open(width, height), {
              url: site.url,
              slowUrl: slow.url,
              display,
            }),
          );
      });
    }
  });
}

/** Runs one behaviour in a page of its own, closed whatever the outcome. */
async function runOne(behaviour: Behaviour, open: () => Promise<EnginePage>, at: Site) {
  const page = await open();
  try {
    await behaviour.run(page, at);
  } finally {
    await page.close();
  }
}
