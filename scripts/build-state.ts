import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";

/** Inputs whose change makes the production build stale. */
export const BUILD_INPUTS = [
  "src",
  "public",
  "astro.config.ts",
  "vite.embed.config.ts",
  "package-lock.json",
  "package.json",
];
export const BUILD_STAMP = "dist/.build-stamp";

/** Newest modification time under the given paths (files and folders, recursively). */
export function newestMtime(root: string, paths: readonly string[]): number {
  let newest = 0;
  const visit = (path: string) => {
    if (!existsSync(path)) return;
    const stat = statSync(path);
    newest = Math.max(newest, stat.mtimeMs);
    if (stat.isDirectory()) for (const entry of readdirSync(path)) visit(join(path, entry));
  };
  for (const p of paths) visit(join(root, p));
  return newest;
}

/** True when there is no build, or a source is newer than the last build. */
export function isBuildStale(root: string): boolean {
  const stamp = join(root, BUILD_STAMP);
  if (!existsSync(stamp) || !existsSync(join(root, "dist/server/entry.mjs"))) return true;
  return newestMtime(root, BUILD_INPUTS) > statSync(stamp).mtimeMs;
}
