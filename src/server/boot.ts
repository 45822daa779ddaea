import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { parseContentFile, type ContentFile } from "../content/content-file.ts";
import { generateContent } from "../db/demo/generate.ts";
import { connect, sqlitePath, type Db } from "../db/connect.ts";
import { migrate } from "../db/migrate.ts";
import { withSchemaLock } from "../db/schema-lock.ts";
import { contentRevision, replaceContent } from "../db/repositories/content-repository.ts";
import { imageAddresses } from "../db/repositories/image-collect.ts";
import { imageStore } from "../db/repositories/image-store.ts";
import { holdImages, refusals } from "../images/hold.ts";
import { imageLoader } from "../images/load.ts";
import type { ImageRefusal } from "../images/refusal.ts";
import type { AstroHandler } from "./astro-bridge.ts";
import type { Config } from "./config.ts";

export const ROOT = fileURLToPath(new URL("../../", import.meta.url));
export const DIST = `${ROOT}dist/`;
/** Where the demo content's images are, beside its generator: its relative addresses start here. */
export const DEMO_IMAGES = `${ROOT}src/db/demo/`;

/** Thrown when the site cannot start; the message is one line saying what and where. */
export class StartupError extends Error {
  override name = "StartupError";
}

/**
 * Opens the database and brings its schema up to date. When it holds no content yet: with
 * SEED_DEMO the demo content is loaded through the import's own path (validated, sanitised, one
 * transaction); without it the site refuses to start, so a mistyped or empty database never
 * becomes a live demo site. Instances starting together on one PostgreSQL database take turns.
 */
export async function openDatabase(
  config: Config,
): Promise<{ db: Db; isSeeded: boolean; refusedImages: ImageRefusal[] }> {
  const path = sqlitePath(config.DATABASE_URL);
  if (path !== null && !config.SEED_DEMO && !existsSync(path)) {
    throw new StartupError(
      `database file ${path} does not exist (import content into it with npm run content:import, or set SEED_DEMO=true for the demo content)`,
    );
  }
  const db = connect(config.DATABASE_URL, {
    create: config.SEED_DEMO,
    poolMax: config.DATABASE_POOL_MAX,
    timeoutMs: config.DATABASE_TIMEOUT_MS,
  });
  let isSeeded = false;
  let refusedImages: ImageRefusal[] = [];
  try {
    await withSchemaLock(db, async () => {
      await migrate(db);
      if ((await contentRevision(db)) > 0) return;
      if (!config.SEED_DEMO) {
        throw new StartupError(
          `database ${db.location} holds no content (import a content file with npm run content:import, or set SEED_DEMO=true for the demo content)`,
        );
      }
      const content = demoContent();
      // Held as an import holds them; the site's renditions follow once it listens.
      refusedImages = refusals(
        await holdImages(
          imageStore(db),
          imageAddresses(content),
          imageLoader({ folder: DEMO_IMAGES, origins: [] }),
        ),
      );
      await replaceContent(db, content, config.RECORD ? { cause: { type: "demo" } } : {});
      isSeeded = true;
    });
  } catch (error) {
    await db.close().catch(() => {});
    if (error instanceof StartupError) throw error;
    throw new StartupError(
      `database ${db.location} is not usable: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  return { db, isSeeded, refusedImages };
}

/** The demo content as an import reads it: validated and sanitised like any content file. */
function demoContent(): ContentFile {
  const result = parseContentFile(JSON.parse(JSON.stringify(generateContent())));
  if (!result.ok) throw new Error(`the demo content is not valid: ${result.problems.join("; ")}`);
  return result.content;
}

/** The site's error page from the build (src/pages/500.astro), or undefined without one. */
export function loadErrorPage(): string | undefined {
  const path = `${DIST}client/500.html`;
  return existsSync(path) ? readFileSync(path, "utf8") : undefined;
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
