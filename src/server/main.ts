import { buildApp } from "./app.ts";
import { DIST, loadAstroHandler, loadErrorPage, openDatabase } from "./boot.ts";
import { loadConfig } from "./config.ts";
import { watchContent } from "./content-state.ts";
import { createLogger } from "./logger.ts";
import { createMetrics, startMetricsServer } from "./metrics.ts";

/** Starts the site: config, database, Astro, listen; SIGTERM/SIGINT finish in-flight requests, then exit. */
async function main() {
  const config = loadConfig();
  const log = createLogger(config.LOG_LEVEL);
  const { db, isSeeded } = await openDatabase(config);
  const content = await watchContent(db, config.CONTENT_POLL_MS);
  const astro = await loadAstroHandler();
  const metrics = createMetrics(db, content, { logLinesDropped: log.dropped });
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
  });
  if (isSeeded) app.log.info("the database held no content: loaded the demo content");
  await app.listen({ port: config.PORT, host: config.HOST });
  // Metrics on a port of their own (loopback by default), never on the public site.
  const metricsServer =
    config.METRICS_PORT === undefined
      ? null
      : await startMetricsServer(metrics, config.METRICS_PORT, config.METRICS_HOST);

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
    app
      .closeGracefully()
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
