import { spawnSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { BUILD_STAMP } from "./build-state.ts";

const root = fileURLToPath(new URL("..", import.meta.url));

/**
 * Builds the Astro site and the embed bundle, then stamps the build. Always a production build,
 * whatever NODE_ENV the caller has: a build made under a test runner's NODE_ENV=test compiled
 * its JSX for React's development runtime, and the site, run in production, failed every page.
 */
export function build(): void {
  const env = { ...process.env, ASTRO_TELEMETRY_DISABLED: "1", NODE_ENV: "production" };
  for (const [command, args] of [
    ["astro", ["build"]],
    ["vite", ["build", "--config", "vite.embed.config.ts", "--logLevel", "warn"]],
  ] as const) {
    // The project's own binaries on this Node (24), so that `node scripts/start.ts` also works
    // outside npm, where PATH would find another Node or no astro at all.
    const bin = join(root, "node_modules", ".bin", command);
    const result = spawnSync(process.execPath, [bin, ...args], {
      cwd: root,
      stdio: "inherit",
      env,
    });
    if (result.error) throw new Error(`${command} could not run (${result.error.message})`);
    if (result.status !== 0) throw new Error(`${command} ${args.join(" ")} failed`);
  }
  const stamp = join(root, BUILD_STAMP);
  mkdirSync(dirname(stamp), { recursive: true });
  writeFileSync(stamp, new Date().toISOString());
}

if (import.meta.main) {
  try {
    build();
  } catch (error) {
    console.error(`build failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
}
