import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll } from "vitest";
import type { Article } from "../../src/content/article.ts";
import type { ContentFile } from "../../src/content/content-file.ts";
import type { Db } from "../../src/db/connect.ts";
import type { Transaction } from "../../src/content/transaction.ts";
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

/**
 * The app for one test file: built before its first test, closed after its last. Call the
 * function it returns inside a test.
 */
export function apiAppForFile(options: ApiAppOptions = {}) {
  let api: Awaited<ReturnType<typeof buildApiApp>> | undefined;
  beforeAll(async () => {
    api = await buildApiApp(options);
  });
  afterAll(() => api?.close());
  return () => {
    if (api === undefined) throw new Error("the API app is built in beforeAll");
    return api;
  };
}

// Classification fields are in a reply only when $select names them, as in Sitefinity.
/**
 * Transactions as a reply without $select (or with `*`) carries them: without `industries` (and
 * the deal team, which the read API does not serve), and
 * with null for a Counterparty or Service the deal does not record.
 */
export const servedTransactions = (rows: Transaction[]) =>
  rows.map(({ industries: _i, DealTeam: _team, ...rest }) => ({
    ...rest,
    Counterparty: rest.Counterparty ?? null,
    Service: rest.Service ?? null,
  }));
/** Articles as a reply without $select (or with `*`) carries them: without `Tags`. */
export const servedArticles = (rows: Article[]) => rows.map(({ Tags: _t, ...rest }) => rest);

/**
 * The small demo content with companies whose names hold quotes, wildcards and accents, and some
 * deals without a Counterparty and a Service, as a file written before them has them.
 */
export function apiTestContent(): ContentFile {
  const content = generateContent({ transactions: 60, articles: 30 });
  const names = [
    "O'Brien & Sons 100% Ltd",
    "Société Générale Capital",
    "under_score Partners",
    "lower case holdings",
  ];
  names.forEach((Company, i) => {
    const row = content.transactions[i * 7 + 3];
    if (row) row.Company = Company;
  });
  content.transactions[10]!.Counterparty = "D'Arcy & Fils Société";
  for (const row of content.transactions.filter((_, i) => i % 6 === 5)) {
    delete row.Counterparty;
    delete row.Service;
  }
  return content;
}

/** A GET through `app.inject`, with the body read as JSON when it is JSON. */
export async function get(app: FastifyInstance, url: string, headers: Record<string, string> = {}) {
  const response = await app.inject({ method: "GET", url, headers });
  const isJson =
    String(response.headers["content-type"]).startsWith("application/json") &&
    response.headers["content-encoding"] === undefined;
  return {
    status: response.statusCode,
    headers: response.headers,
    text: response.body,
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read arbitrary bodies
    body: (isJson && response.body ? JSON.parse(response.body) : undefined) as any,
  };
}
