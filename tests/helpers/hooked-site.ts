import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { freePort } from "../../tools/free-port.ts";
import { startServer, type ServerProcess } from "../../tools/server-process.ts";
import { HOOK_ENV } from "../../tools/sitefinity-hooks.ts";
import {
  ACCESS_KEY,
  type SitefinityService,
  syncSettingsFor,
} from "../../tools/sitefinity-service.ts";

// The built site as the process tests of service hooks start it: its database in a folder of
// the test's, syncing from the Sitefinity stand-in.

export interface HookedSite {
  site: ServerProcess;
  /** Its Prometheus metrics, on their own port. */
  metricsUrl: string;
  databaseUrl: string;
}

/**
 * The built site on SQLite in `folder`, its hook endpoint on (tools/sitefinity-hooks.ts), syncing
 * from `service` once at its start (the hooks do the rest). `settings` add to the stand-in's sync
 * settings; `env` to the site's.
 */
export async function startHookedSite(
  folder: string,
  service: SitefinityService,
  { env = {}, settings = {} }: { env?: Record<string, string>; settings?: object } = {},
): Promise<HookedSite> {
  const settingsFile = join(folder, "sync.json");
  writeFileSync(settingsFile, JSON.stringify({ ...syncSettingsFor(service.base), ...settings }));
  const metricsPort = await freePort();
  const databaseUrl = `file:${join(folder, "site.db")}`;
  const site = await startServer({
    SEED_DEMO: "true",
    DATABASE_URL: databaseUrl,
    METRICS_PORT: String(metricsPort),
    SYNC_SETTINGS: settingsFile,
    SYNC_EVERY: "24h",
    SITEFINITY_ACCESS_KEY: ACCESS_KEY,
    ...HOOK_ENV,
    ...env,
  });
  return { site, metricsUrl: `http://127.0.0.1:${metricsPort}/metrics`, databaseUrl };
}
