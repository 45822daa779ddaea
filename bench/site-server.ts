import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { isBuildStale } from "../scripts/build-state.ts";
import { build } from "../scripts/build.ts";
import type { ContentFile } from "../src/content/content-file.ts";
import { connect } from "../src/db/connect.ts";
import { migrate } from "../src/db/migrate.ts";
import { replaceContent } from "../src/db/repositories/content-repository.ts";
import { startServer, type ServerProcess } from "../tools/server-process.ts";

export const ROOT = fileURLToPath(new URL("..", import.meta.url));

/**
 * The built site (built first when stale) on a free port over a fresh demo database, run as
 * `npm start` runs it: at the default settings (logging included, into a file), with only the
 * database and `env` set.
 */
export async function startBenchServer(
  env: Record<string, string> = {},
  content?: ContentFile,
): Promise<ServerProcess & { logLines(): number; close(): Promise<void> }> {
  if (isBuildStale(ROOT)) build();
  const dir = mkdtempSync(join(tmpdir(), "site-bench-"));
  const logFile = join(dir, "site.log");
  const DATABASE_URL = `file:${join(dir, "site.db")}`;
  if (content) {
    const db = connect(DATABASE_URL, { create: true });
    await migrate(db);
    await replaceContent(db, content);
    await db.close();
  }
  const server = await startServer(
    { DATABASE_URL, SEED_DEMO: "true", ...env },
    { asShipped: { logFile } },
  );
  return {
    ...server,
    logLines: () => readFileSync(logFile, "utf8").split("\n").length - 1,
    async close() {
      await server.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A few addresses of each kind of page, read from the running site. */
export async function samplePaths(
  url: string,
): Promise<{ article: string; topic: string; deal: string }> {
  const listing = await (
    await fetch(
      `${url}/latest-articles-commentary/featured-articles-commentary/all-articles-and-commentary`,
    )
  ).text();
  const article =
    /href="(\/latest-articles-commentary\/featured-articles-commentary\/all-articles-and-commentary\/(?!-in-tags)[^"?]+)"/.exec(
      listing,
    )?.[1];
  const topic = /href="(\/latest-articles-commentary\/[^"]*\/-in-tags\/tags\/[^"]+)"/.exec(
    listing,
  )?.[1];
  // The home page's recent transactions link to their deal pages.
  const home = await (await fetch(url)).text();
  const deal = /href="(\/transactions\/[^"?/]+)"/.exec(home)?.[1];
  if (!article || !topic || !deal)
    throw new Error("could not find an article, a topic page and a deal page to sample");
  return { article, topic, deal };
}

/** The load test's mix of pages and API calls (bench/loadtest.ts), read from the running site. */
export async function loadTestPaths(url: string): Promise<string[]> {
  const { article, topic } = await samplePaths(url);
  return [
    "/",
    "/topics",
    "/transactions",
    article,
    topic,
    "/latest-articles-commentary/featured-articles-commentary/all-articles-and-commentary?page=2",
    "/search?q=earnouts",
    "/about/contact",
    "/sitemap.xml",
    "/api/default/transactions?$orderby=Date%20desc",
    "/api/default/taxonomies",
    "/api/default/flat-taxa",
    "/api/default/articles?$top=10&$select=Id,Title&$orderby=PublicationDate%20desc",
    "/api/default/transactions?$filter=Size%20gt%20100&$count=true",
  ];
}
