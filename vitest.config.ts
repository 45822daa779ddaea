import { availableParallelism } from "node:os";
// Tests run in worker threads, and some load sharp. On glibc, the main thread must have loaded
// sharp before any worker does, or its libraries are unloaded under the others when one ends.
import "sharp";
import { defineConfig } from "vitest/config";
import { widgetTokens } from "./tools/widget-tokens.ts";

/** The content commands' tests, which run each command as its own Node process. */
const PROCESS_IN_SCRIPTS = "scripts/content-cli.test.ts";

// Three projects. `node` and `dom` are the fast loop (`npm run test:quick`): pure modules, the
// repositories and the API against real SQLite files, React views in jsdom. `process` runs what
// starts real processes (the site, the content commands, PostgreSQL): slower, and one file at a
// time so that their servers do not compete for the two cores.
export default defineConfig({
  plugins: [widgetTokens()],
  test: {
    globals: true,
    // A busy machine (CI, or several test runs at once) must not fail a hook or a test by time.
    testTimeout: 20_000,
    hookTimeout: 60_000,
    // A global a test stubs (fetch, mostly) is restored after it.
    unstubGlobals: true,
    // Worker threads start faster than processes; better-sqlite3 works in them.
    pool: "threads",
    // Vitest's default leaves a core to its main thread, which mostly waits: on a 2-core machine
    // that was one worker, and the files ran one after another.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        extends: true,
        test: {
          name: "node",
          environment: "node",
          include: ["src/**/*.test.ts", "scripts/**/*.test.ts", "tools/**/*.test.ts"],
          exclude: [PROCESS_IN_SCRIPTS],
          // Files share a worker's modules instead of loading Fastify, Kysely, zod and the rest
          // again each: that loading was most of a small file's time. They keep no state in
          // modules, and each builds its own app and database.
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: "dom",
          environment: "jsdom",
          include: ["src/**/*.test.tsx"],
          setupFiles: ["tests/setup-dom.ts"],
          // Isolated (unlike `node`): views leave the address, the document's style sheets and
          // mounted hosts behind them, and the widgets keep which sheets they adopted.
        },
      },
      {
        extends: true,
        test: {
          name: "process",
          environment: "node",
          include: ["tests/unit/**/*.test.ts", PROCESS_IN_SCRIPTS],
          pool: "forks",
          fileParallelism: false,
        },
      },
    ],
  },
});
