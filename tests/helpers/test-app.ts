import type { FastifyInstance } from "fastify";
import { buildApp, type AppOptions } from "../../src/server/app.ts";
import { loadConfig, type Config } from "../../src/server/config.ts";
import { watchContent } from "../../src/server/content-state.ts";
import { tempDatabase } from "./temp-db.ts";

/** The app over a real temporary SQLite file (no Astro), and a close() that removes both. */
export async function testApp(env: Record<string, string> = {}, options: Partial<AppOptions> = {}) {
  const t = await tempDatabase();
  const config: Config = loadConfig({ SITE_URL: "http://site.test", ...env });
  const content = await watchContent(t.db, 60_000);
  const app: FastifyInstance = await buildApp({ config, db: t.db, content, ...options });
  return {
    app,
    db: t.db,
    content,
    async close() {
      await app.close();
      content.stop();
      await t.cleanup();
    },
  };
}
