import pino from "pino";
import { Registry } from "prom-client";
import type { Db } from "../../db/connect.ts";
import { contentRevision } from "../../db/repositories/content-repository.ts";
import type { RecordQueries } from "../../db/repositories/record-repository.ts";
import { buildApp } from "../app.ts";
import type { AstroHandler } from "../astro-bridge.ts";
import { DIST, loadAstroHandler, loadErrorPage } from "../boot.ts";
import type { Config } from "../config.ts";
import type { ContentState } from "../content-state.ts";
import type { Metrics } from "../metrics.ts";
import { createPurger, type Purger } from "../purge/index.ts";

// The site that a capture asks: the site's own app (the same routes, hooks, headers and cache
// tags a visitor's request meets, as Varnish would have fetched them), built anew over one
// read-only snapshot of the database, so that every page and reply of one capture shows one
// content revision even while the next write lands.

/** What the capture app is built from: the site's settings and its build. */
export interface CaptureSite {
  config: Config;
  astro: AstroHandler;
  errorPage?: string;
  clientDir?: string;
  embedDir?: string;
}

/** The site as built in `dist/`, for a capture: its handler, error page and static folders. */
export async function builtSite(config: Config): Promise<CaptureSite> {
  return {
    config,
    astro: await loadAstroHandler(),
    errorPage: loadErrorPage(),
    clientDir: `${DIST}client`,
    embedDir: `${DIST}embed`,
  };
}

/** A reply as the site sent it: status, headers (lower-case names) and body. */
export interface SiteReply {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

/** Asks the site for one address (path and query): a GET as a visitor's, without cookies. */
export type AskSite = (url: string, accept?: string) => Promise<SiteReply>;

/** Headers that belong to one delivery, not to what was published. */
const PER_DELIVERY = new Set([
  "x-request-id",
  "date",
  "connection",
  "keep-alive",
  "transfer-encoding",
]);

/** Stands in for the site's purger: only its presence matters here (the cache lifetimes). */
const PRESENT_PURGER: Purger = { purge() {}, problem: () => null, settled: async () => {} };

/**
 * Runs `work` over a read-only snapshot of `db` (a connection of the capture's own), handing it
 * the content revision the snapshot holds, a way to ask the site, and the snapshot itself.
 */
export async function withSnapshot<T>(
  db: Db,
  site: CaptureSite,
  work: (revision: number, ask: AskSite, snapshot: RecordQueries) => Promise<T>,
): Promise<T> {
  const begin = db.kysely.transaction();
  const transaction =
    db.dialect === "postgres"
      ? begin.setIsolationLevel("repeatable read").setAccessMode("read only")
      : begin;
  return transaction.execute(async (tx) => {
    const snapshotDb: Db = { ...db, kysely: tx };
    // The first read fixes the snapshot (SQLite's deferred transaction, PostgreSQL's first statement).
    const revision = await contentRevision(snapshotDb);
    const app = await buildApp({
      config: { ...site.config, RATE_LIMIT: 0 },
      db: snapshotDb,
      content: fixedContent(revision),
      astro: site.astro,
      errorPage: site.errorPage,
      metrics: quietMetrics(),
      clientDir: site.clientDir,
      embedDir: site.embedDir,
      logger: false,
      purger: hasPurger(site.config) ? PRESENT_PURGER : undefined,
      // A capture asks for the identity coding alone (ask() sends no Accept-Encoding).
      onlyCoding: "identity",
    });
    const host = new URL(site.config.SITE_URL).host;
    const ask: AskSite = async (url, accept) => {
      const reply = await app.inject({
        method: "GET",
        url,
        headers: { host, ...(accept === undefined ? {} : { accept }) },
      });
      const headers: Record<string, string> = {};
      for (const [name, value] of Object.entries(reply.headers)) {
        if (value === undefined || PER_DELIVERY.has(name.toLowerCase())) continue;
        headers[name.toLowerCase()] = Array.isArray(value) ? value.join(", ") : String(value);
      }
      return { status: reply.statusCode, headers, body: reply.rawPayload };
    };
    try {
      return await work(revision, ask, tx);
    } finally {
      await app.close();
    }
  });
}

function hasPurger(config: Config): boolean {
  return (
    createPurger(config, { log: pino({ level: "silent" }), registry: new Registry() }) !== null
  );
}

/** The content state of a snapshot: one revision, which never changes. */
function fixedContent(revision: number): ContentState {
  return { revision, onChange: () => {}, refresh: async () => false, stop: () => {} };
}

/** Metrics that count nothing: a capture's requests are not visitors'. */
function quietMetrics(): Metrics {
  return { registry: new Registry(), cacheLookup: () => {}, reply: () => {} };
}
