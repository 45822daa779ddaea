import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { BUILD_STAMP, isBuildStale } from "./build-state.ts";

let root: string;
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), "site-build-state-"));
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

/**
 * Writes a file under the fake project with the given mtime (seconds). Its folders keep an old
 * time, as when an editor saves over an existing file: only a walk into the folders sees it.
 */
function file(path: string, mtime: number) {
  const full = join(root, path);
  mkdirSync(dirname(full), { recursive: true });
  writeFileSync(full, "x");
  utimesSync(full, mtime, mtime);
  for (let p = dirname(full); p !== root; p = dirname(p)) utimesSync(p, 500, 500);
}

describe("isBuildStale, which decides whether `npm start` builds first", () => {
  it("is stale with no build, or with a stamp but no server entry", () => {
    file("src/pages/index.astro", 1_000);
    expect(isBuildStale(root)).toBe(true);
    file(BUILD_STAMP, 2_000);
    expect(isBuildStale(root)).toBe(true);
  });

  it("is fresh when the build is newer than every source", () => {
    file("src/pages/index.astro", 1_000);
    file("package.json", 1_000);
    file("dist/server/entry.mjs", 2_000);
    file(BUILD_STAMP, 2_000);
    expect(isBuildStale(root)).toBe(false);
  });

  it.each(["src/components/deep/Header.astro", "public/robots.txt", "package-lock.json"])(
    "is stale once %s is newer than the build",
    (path) => {
      file("src/pages/index.astro", 1_000);
      file("dist/server/entry.mjs", 2_000);
      file(BUILD_STAMP, 2_000);
      file(path, 3_000);
      expect(isBuildStale(root)).toBe(true);
    },
  );

  it("ignores files that are not inputs of the build", () => {
    file("src/pages/index.astro", 1_000);
    file("dist/server/entry.mjs", 2_000);
    file(BUILD_STAMP, 2_000);
    file("tests/e2e/new.spec.ts", 3_000);
    file("README.md", 3_000);
    expect(isBuildStale(root)).toBe(false);
  });
});
