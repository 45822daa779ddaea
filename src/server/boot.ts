import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { generateContent } from "../db/demo/generate.ts";
import { connect, sqlitePath, type Db } from "../db/connect.ts";
import { migrate } from "../db/migrate.ts";
import { contentRevision, replaceContent } from "../db/repositories/content-repository.ts";
import type { AstroHandler } from "./astro-bridge.ts";
import type { Config } from "./config.ts";

export const ROOT = fileURLToPath(new URL("../../", import.meta.url));
export const DIST = `${ROOT}dist/`;

/** Thrown when the site cannot start; the message is one line saying what and where. */
export class StartupError extends Error {
  override name = "StartupError";
}

/**
 * Opens the database, brings its schema up to date and, when it holds no content yet and
 * SEED_DEMO is on, loads the demo content. A missing SQLite file is created only with SEED_DEMO.
 */
export async function openDatabase(config: Config): Promise<Db> {
  const path = sqlitePath(config.DATABASE_URL);
  if (path !== null && !config.SEED_DEMO && !existsSync(path)) {
    throw new StartupError(
      `database file ${path} does not exist (set SEED_DEMO=true to create it with demo content)`,
    );
  }
  const db = connect(config.DATABASE_URL, { create: config.SEED_DEMO });
  try {
    await migrate(db);
    if (config.SEED_DEMO && (await contentRevision(db)) === 0) {
      await replaceContent(db, generateContent());
    }
  } catch (error) {
    await db.close().catch(() => {});
    throw new StartupError(
      `database ${db.location} is not usable: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  return db;
}

/** Loads the built Astro handler, or fails with a line that says how to build it. */
export async function loadAstroHandler(): Promise<AstroHandler> {
  const entry = `${DIST}server/entry.mjs`;
  if (!existsSync(entry))
    throw new StartupError(
      `no build at ${entry}: run "npm run build" (npm start builds when needed)`,
    );
  const module = (await import(entry)) as { handler: AstroHandler };
  return module.handler;
}
