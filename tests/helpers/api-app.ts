import type { FastifyInstance } from "fastify";
import type { ContentFile } from "../../src/content/content-file.ts";
import type { Db } from "../../src/db/connect.ts";
import { generateContent } from "../../src/db/demo/generate.ts";
import { buildApp } from "../../src/server/app.ts";
import { loadConfig } from "../../src/server/config.ts";
import { watchContent } from "../../src/server/content-state.ts";
import { tempDatabase } from "./temp-db.ts";

export const TEST_SITE_URL = "http://site.test";

export interface ApiAppOptions {
  content?: ContentFile;
  env?: Record<string, string>;
  /** A database to serve instead of the temporary file's own connection (e.g. one that logs). */
  db?: (url: string) => Db;
}

/**
 * The app without Astro over a fresh SQLite file holding `content` (the small demo content by
 * default). `close()` stops the app and removes the file.
 */
export async function buildApiApp(options: ApiAppOptions = {}) {
  const content = options.content ?? generateContent({ transactions: 60, articles: 30 });
  const temp = await tempDatabase(content);
  const db = options.db ? options.db(temp.url) : temp.db;
  const state = await watchContent(db, 60_000);
  const config = loadConfig({ LOG_LEVEL: "silent", SITE_URL: TEST_SITE_URL, ...options.env });
  const app: FastifyInstance = await buildApp({ config, db, content: state });
  await app.ready();
  return {
    app,
    db,
    content,
    state,
    async close() {
      await app.close();
      state.stop();
      if (db !== temp.db) await db.close();
      await temp.cleanup();
    },
  };
}
