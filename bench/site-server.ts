import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { isBuildStale } from "../scripts/build-state.ts";
import { build } from "../scripts/build.ts";
import { startServer, type ServerProcess } from "../tools/server-process.ts";

export const ROOT = fileURLToPath(new URL("..", import.meta.url));

/** The built site (built first when stale) on a free port over a fresh demo database. */
export async function startBenchServer(
  env: Record<string, string> = {},
): Promise<ServerProcess & { close(): Promise<void> }> {
  if (isBuildStale(ROOT)) build();
  const dir = mkdtempSync(join(tmpdir(), "site-bench-"));
  const server = await startServer({
    DATABASE_URL: `file:${join(dir, "site.db")}`,
    SEED_DEMO: "true",
    LOG_LEVEL: "error",
    ...env,
  });
  return {
    ...server,
    async close() {
      await server.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Resident memory of a process in MiB (Linux /proc). */
export function rssMiB(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return kb / 1024;
}

/** A few addresses of each kind of page, read from the running site. */
export async function samplePaths(url: string): Promise<{ article: string; topic: string }> {
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
  if (!article || !topic)
    throw new Error("could not find an article and a topic page on the listing");
  return { article, topic };
}
