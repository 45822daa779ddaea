import { parseArgs } from "node:util";
import pino from "pino";
import { Registry } from "prom-client";
import { connect, CONTENT_WRITE_TIMEOUT_MS, type Db } from "../src/db/connect.ts";
import { migrate } from "../src/db/migrate.ts";
import { withSchemaLock } from "../src/db/schema-lock.ts";
import { loadConfig } from "../src/server/config.ts";
import { renderAwaitingImages } from "../src/server/image-renditions.ts";
import { purgeTwice } from "../src/server/publish.ts";
import { createPurger } from "../src/server/purge/index.ts";

/**
 * Opens and migrates the database that DATABASE_URL names (an SQLite file is created when missing,
 * unless `create` is false).
 */
export async function openForCli({ create = true }: { create?: boolean } = {}): Promise<Db> {
  const config = loadConfig();
  const db = connect(config.DATABASE_URL, { create, timeoutMs: CONTENT_WRITE_TIMEOUT_MS });
  await withSchemaLock(db, () => migrate(db));
  return db;
}

/**
 * How long a command that has done its work may take to exit by itself. Once `archive verify`, its
 * work done and its database closed, sat asleep for 25 minutes and never exited (a handle the
 * runtime kept; seen once, in CI): a command now ends at most this long after its work. Its output
 * is written by then (stdout and stderr are synchronous on Linux pipes and files).
 */
const EXIT_AFTER_WORK_MS = 2000;

/**
 * Runs a CLI body; prints a failure as a message (no stack) and exits 1. Once it has done its
 * work, the process exits by itself, or at the latest EXIT_AFTER_WORK_MS later.
 */
export function runCli(body: () => Promise<void>): void {
  body().then(
    () => setTimeout(() => process.exit(), EXIT_AFTER_WORK_MS).unref(),
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : String(error));
      process.exit(1);
    },
  );
}

export function positionalFile(usage: string, args = process.argv.slice(2)): string {
  const { positionals } = parseArgs({ args, allowPositionals: true, strict: true });
  if (positionals.length !== 1) throw new Error(`usage: ${usage}`);
  return positionals[0] as string;
}

/**
 * After a command wrote content: purges the shared caches (Varnish, Fastly, Cloudflare, as the
 * site's settings name them) of the cache tags the write touched, at once and again once every
 * instance has read the new revision (by then none serves the old copy to a cache that refills),
 * and waits for the purges to end. Without a purger set, nothing.
 */
export async function purgeShared(tags: readonly string[]): Promise<void> {
  const config = loadConfig();
  // Warnings and failures only, on stderr: the command's own output is its report.
  const log = pino({ level: "warn" }, pino.destination(2));
  const purger = createPurger(config, { log, registry: new Registry() });
  if (purger === null) return;
  await purgeTwice(purger, tags, config.CONTENT_POLL_MS);
  await purger.settled();
}

/**
 * After a command wrote content: makes the renditions of the images it held (one at a time, as
 * the site does in the background), printing a line for those that fail; resolves to the cache
 * tags the renditions touched, for the purge.
 */
export async function renderImages(db: Db): Promise<string[]> {
  const tags: string[] = [];
  const started = performance.now();
  const count = await renderAwaitingImages(db, {
    onRendered: (touched) => tags.push(...touched),
    onFailed: (digest, reason) =>
      console.warn(`image ${digest}: its renditions could not be made (${reason})`),
  });
  if (count > 0)
    console.log(
      `renditions of ${count} image(s) made in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
  return tags;
}
