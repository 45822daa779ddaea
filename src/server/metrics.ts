import { createServer, type Server } from "node:http";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client";
import type { Db } from "../db/connect.ts";
import type { ContentState } from "./content-state.ts";

/** Which reply cache a lookup was in. */
export type CacheName = "api" | "page" | "suggestions";

/** A reply as the metrics label it. */
export interface ReplyLabels {
  method: string;
  /** The route's pattern (`/api/default/*`), never the raw URL: the label set stays small. */
  route: string;
  status: string;
}

/** What the site counts for Prometheus (prom-client), one registry per app. */
export interface Metrics {
  readonly registry: Registry;
  /** A reply cache lookup: found, or computed. */
  cacheLookup(cache: CacheName, hit: boolean): void;
  /** A reply sent, and how long it took. */
  reply(labels: ReplyLabels, seconds: number): void;
}

declare module "fastify" {
  interface FastifyInstance {
    metrics: Metrics;
  }
}

/**
 * Requests by route, method and status in a latency histogram; cache hits and misses; the
 * PostgreSQL pool's connections; the content revision; and Node's own process figures. Served
 * apart from the site (startMetricsServer), never on the public port.
 */
export function createMetrics(
  db: Db,
  content: ContentState,
  { logLinesDropped }: { logLinesDropped?: () => number } = {},
): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const labelNames = ["method", "route", "status"] as const;
  // Its `_count` is the number of requests answered: a counter of its own would repeat it.
  const duration = new Histogram({
    name: "site_http_request_duration_seconds",
    help: "Time from request to reply, by route pattern, method and status.",
    labelNames,
    buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const lookups = new Counter({
    name: "site_cache_lookups_total",
    help: "Reply cache lookups, by cache and result (hit or miss).",
    labelNames: ["cache", "result"] as const,
    registers: [registry],
  });
  new Gauge({
    name: "site_content_revision",
    help: "The content revision this instance serves (bumped by every import).",
    registers: [registry],
    collect() {
      this.set(content.revision);
    },
  });
  if (logLinesDropped !== undefined) {
    new Gauge({
      name: "site_log_lines_dropped",
      help: "Log lines dropped since start because stdout did not keep up with the log's buffer.",
      registers: [registry],
      collect() {
        this.set(logLinesDropped());
      },
    });
  }
  const pool = db.pool;
  if (pool !== undefined) {
    new Gauge({
      name: "site_db_pool_connections",
      help: "PostgreSQL pool connections, by state (total, idle, waiting requests).",
      labelNames: ["state"] as const,
      registers: [registry],
      collect() {
        this.set({ state: "total" }, pool.totalCount);
        this.set({ state: "idle" }, pool.idleCount);
        this.set({ state: "waiting" }, pool.waitingCount);
      },
    });
  }
  return {
    registry,
    cacheLookup: (cache, hit) => lookups.inc({ cache, result: hit ? "hit" : "miss" }),
    reply: (labels, seconds) => duration.observe({ ...labels }, seconds),
  };
}

/** The app's metrics; every reply is counted by the reply envelope (reply-envelope.ts). */
export const metricsPlugin = fp(async (app: FastifyInstance, { metrics }: { metrics: Metrics }) => {
  app.decorate("metrics", metrics);
});

/** Serves `GET /metrics` on its own port (METRICS_PORT, on METRICS_HOST: loopback by default). */
export async function startMetricsServer(
  metrics: Metrics,
  port: number,
  host: string,
): Promise<Server> {
  const server = createServer((request, response) => {
    if (request.method !== "GET" || request.url !== "/metrics") {
      response.writeHead(404, { "content-type": "text/plain" }).end("Not found\n");
      return;
    }
    metrics.registry.metrics().then(
      (text) => response.writeHead(200, { "content-type": metrics.registry.contentType }).end(text),
      () => response.writeHead(500, { "content-type": "text/plain" }).end("metrics failed\n"),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => resolve());
  });
  return server;
}
