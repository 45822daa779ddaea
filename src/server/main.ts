import { CONTENT_WRITE_TIMEOUT_MS } from "../db/connect.ts";
import { buildApp } from "./app.ts";
import { DIST, loadAstroHandler, loadErrorPage, openDatabase } from "./boot.ts";
import { loadConfig } from "./config.ts";
import { watchContent } from "./content-state.ts";
import { createLogger } from "./logger.ts";
import { createMetrics, startMetricsServer } from "./metrics.ts";
import { createItemQueue } from "./hooks/item-queue.ts";
import { syncHold } from "./hooks/sync-hold.ts";
import { renditionQueue } from "./image-renditions.ts";
import { describeRefusal } from "../images/refusal.ts";
import { publisher } from "./publish.ts";
import { createPurger } from "./purge/index.ts";
import { startRecorder } from "./record/recorder.ts";
import { scheduleSync } from "./sync-schedule.ts";
import { readSyncSettings } from "../sync/settings.ts";

/** Starts the site: config, database, Astro, listen; SIGTERM/SIGINT finish in-flight requests, then exit. */
async function main() {
  const config = loadConfig();
  // Before Astro's build, and so React, is loaded: it picks its build from NODE_ENV.
  process.env.NODE_ENV = config.NODE_ENV;
  const log = createLogger(config.LOG_LEVEL);
  // Read first: a broken settings file stops the start with one line, before anything opens.
  const syncSettings = config.SYNC_SETTINGS ? readSyncSettings(config.SYNC_SETTINGS) : null;
  const { db, isSeeded, refusedImages } = await openDatabase(config);
  const content = await watchContent(db, config.CONTENT_POLL_MS);
  const astro = await loadAstroHandler();
  const metrics = createMetrics(db, content, { logLinesDropped: log.dropped });
  const purger = createPurger(config, { log: log.logger, registry: metrics.registry }) ?? undefined;
  // The site's record captures each write after its purge, and a new build at the start.
  const recorder = config.RECORD
    ? startRecorder(
        { databaseUrl: config.DATABASE_URL, timeoutMs: CONTENT_WRITE_TIMEOUT_MS, sweepMs: 60_000 },
        { log: log.logger, registry: metrics.registry },
      )
    : null;
  const publishing = publisher(content, purger, config.CONTENT_POLL_MS, recorder?.wake);
  // Publishing goes first: while a hook's sync runs, the renditions here and the record's
  // captures in their worker pause at their next step (hooks/sync-hold.ts).
  const held = syncHold();
  const syncing = {
    hold() {
      held.hold();
      recorder?.hold();
    },
    release() {
      held.release();
      recorder?.release();
    },
  };
  // The images a write held get their renditions here, in the background, one at a time; each
  // image's are published (dropped, purged) as a change of their own.
  const renditions = renditionQueue(db, {
    onRendered: publishing.onWritten,
    onFailed: (digest, reason) =>
      log.logger.warn({ image: digest, reason }, "an image's renditions could not be made"),
    onError: (error) => log.logger.error({ err: error }, "renditions stopped"),
    hold: held,
  });
  const onWritten: typeof publishing.onWritten = (tags) => {
    publishing.onWritten(tags);
    renditions.kick();
  };
  const job = syncSettings && {
    databaseUrl: config.DATABASE_URL,
    timeoutMs: CONTENT_WRITE_TIMEOUT_MS,
    settings: syncSettings,
    accessKey: config.SITEFINITY_ACCESS_KEY,
    isRecorded: config.RECORD,
  };
  const stopGraceMs = Math.floor(config.SHUTDOWN_GRACE_MS / 2);
  const queue =
    job && config.SYNC_HOOK_USER && config.SYNC_HOOK_PASSWORD
      ? createItemQueue({
          job,
          stopGraceMs,
          log: log.logger,
          registry: metrics.registry,
          onWritten,
          syncing,
        })
      : null;
  const app = await buildApp({
    config,
    db,
    content,
    astro,
    metrics,
    errorPage: loadErrorPage(),
    clientDir: `${DIST}client`,
    embedDir: `${DIST}embed`,
    loggerInstance: log.logger,
    purger,
    recordProblem: recorder?.problem,
    hooks:
      queue && syncSettings
        ? {
            user: config.SYNC_HOOK_USER!,
            password: config.SYNC_HOOK_PASSWORD!,
            settings: syncSettings,
            queue,
          }
        : undefined,
  });
  if (isSeeded) app.log.info("the database held no content: loaded the demo content");
  for (const refused of refusedImages)
    app.log.warn({ image: refused.address, reason: refused.reason }, describeRefusal(refused));
  if (queue && config.SYNC_EVERY === undefined)
    app.log.warn(
      "service hooks are on without SYNC_EVERY: a hook that never arrives, or fails, is caught up only by a sync run by hand",
    );
  await app.listen({ port: config.PORT, host: config.HOST });
  // Images held by an earlier run (the demo's, a command's that stopped) and still without renditions.
  renditions.kick();
  // Metrics on a port of their own (loopback by default), never on the public site.
  const metricsServer =
    config.METRICS_PORT === undefined
      ? null
      : await startMetricsServer(metrics, config.METRICS_PORT, config.METRICS_HOST);
  const sync =
    job && config.SYNC_EVERY !== undefined
      ? scheduleSync({
          job,
          everyMs: config.SYNC_EVERY,
          stopGraceMs,
          log: app.log,
          registry: metrics.registry,
          onWritten,
        })
      : null;

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, "shutting down");
    const force = setTimeout(() => {
      app.log.error("grace time over, exiting");
      log.flushSync();
      process.exit(1);
    }, config.SHUTDOWN_GRACE_MS);
    force.unref();
    metricsServer?.close();
    // Purges already started finish (or give up) before the process goes: a change stays purged.
    Promise.all([app.closeGracefully(), sync?.stop(), queue?.stop(), renditions.stop()])
      // A write that ended during the shutdown is still dropped and purged.
      .then(() => publishing.settled())
      .then(() => Promise.all([purger?.settled(), recorder?.stop(stopGraceMs)]))
      .then(() => {
        content.stop();
        return db.close();
      })
      // The log is written in batches: what it still holds goes out before the process ends.
      .then(() => log.flush())
      .then(() => process.exit(0))
      .catch(() => {
        log.flushSync();
        process.exit(1);
      });
  };
  process.on("SIGTERM", () => shutdown("SIGTERM"));
  process.on("SIGINT", () => shutdown("SIGINT"));
}

main().catch((error: unknown) => {
  // One clear line, no stack: the operator needs what is wrong and where.
  console.error(`site failed to start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
